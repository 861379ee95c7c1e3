import { InteractiveSection } from '@kbe/ui';

import { SchoolsMessagesReady } from '../i18n/schools.catalogue';
import { PortalApiContext, type PortalApi } from './portal-api';
import { SchoolPortalPage } from './school-portal-page';

export interface AppProps {
  /** Server access and the session; default: the same-origin API and the tab's sessionStorage. */
  api?: PortalApi;
}

/** The schools remote, mounted by the shell at /einstein-quest/school-portal: the school and mentor portal. */
export function App({ api }: AppProps) {
  const page = <SchoolPortalPage />;
  return (
    <SchoolsMessagesReady>
      <InteractiveSection testId="remote-schools">{api ? <PortalApiContext.Provider value={api}>{page}</PortalApiContext.Provider> : page}</InteractiveSection>
    </SchoolsMessagesReady>
  );
}

export default App;
