import { useMemo } from 'react';
import type { EditionSettings } from '@kbe/contracts';
import { getEditionSettings } from '@kbe/content';
import { InteractiveSection } from '@kbe/ui';
import { RegistrationApiContext, type RegistrationApi } from './common/registration-api';
import { RegistrationPage } from './registration-page';
import { RegistrationMessagesReady } from '../i18n/registration.catalogue';

export interface AppProps {
  /** Edition settings; default: the host page's runtime config, else the 2025 edition. */
  edition?: EditionSettings;
  /** Clock for the deadline check (tests pin it). */
  now?: () => Date;
  /** Server access; default: the same-origin API. */
  api?: RegistrationApi;
}

const systemClock = () => new Date();

/** The registration remote: what the shell mounts at /einstein-quest/online-registrations. */
export function App({ edition, now = systemClock, api }: AppProps) {
  const resolved = useMemo(() => edition ?? getEditionSettings(), [edition]);
  const page = (
    <RegistrationMessagesReady>
      <RegistrationPage edition={resolved} now={now} />
    </RegistrationMessagesReady>
  );
  // The page's language is the router's basename (the shell's router); mounted without one, English.
  return (
    <InteractiveSection testId="remote-registration">
      {api ? <RegistrationApiContext.Provider value={api}>{page}</RegistrationApiContext.Provider> : page}
    </InteractiveSection>
  );
}

export default App;
