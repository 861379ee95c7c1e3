import { useLocation } from 'react-router-dom';
import { DOCUMENT_VERIFY_QUERY } from '@kbe/contracts/zod-free';
import { InteractiveSection } from '@kbe/ui';
import { DownloadsApiContext, type DownloadsApi } from './downloads-api';
import { DownloadsPage } from './downloads-page';
import { DownloadsMessagesReady } from '../i18n/downloads.catalogue';
import { VerifyDocument } from './verify-document';

export interface AppProps {
  /** Server access; default: the same-origin API. */
  api?: DownloadsApi;
  /** The page's query string; default: the router's (the shell's, or the edge's when it prerenders the page). */
  search?: string;
}

/**
 * The downloads remote, mounted by the shell at /einstein-quest/downloads: the download steps
 * (with `?action=result`, the exams page's link, the result first), or (with `?verify=<token>`,
 * the link of a document's QR code) the verification result.
 */
export function App({ api, search }: AppProps) {
  return <DownloadsMessagesReady>{search === undefined ? <DownloadsAtLocation api={api} /> : <Downloads api={api} search={search} />}</DownloadsMessagesReady>;
}

/** The query string of the router's location: the same on the server (prerendering) and in the browser. */
function DownloadsAtLocation({ api }: { api?: DownloadsApi }) {
  return <Downloads api={api} search={useLocation().search} />;
}

function Downloads({ api, search }: { api?: DownloadsApi; search: string }) {
  const query = new URLSearchParams(search);
  const token = query.get(DOCUMENT_VERIFY_QUERY);
  const page = token ? <VerifyDocument token={token} /> : <DownloadsPage action={query.get('action') === 'result' ? 'result' : 'download'} />;
  return (
    <InteractiveSection testId="remote-downloads">
      {api ? <DownloadsApiContext.Provider value={api}>{page}</DownloadsApiContext.Provider> : page}
    </InteractiveSection>
  );
}

export default App;
