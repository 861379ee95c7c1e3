import type { ReactNode } from 'react';
import { DownloadsMessagesReady } from '../i18n/downloads.catalogue';

/**
 * The page in its language, once its messages are in. The language is the router's basename
 * (`useLocale`); outside any router (the remote mounted on its own, a unit test) the page is the
 * English one.
 */
export function InPageLanguage({ children }: { children: ReactNode }) {
  return <DownloadsMessagesReady>{children}</DownloadsMessagesReady>;
}
