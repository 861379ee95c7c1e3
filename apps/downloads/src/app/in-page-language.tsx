import type { ReactNode } from 'react';
import { MemoryRouter, useInRouterContext } from 'react-router-dom';
import { DownloadsMessagesReady } from '../i18n/downloads.catalogue';

/**
 * The page in its language, once its messages are in. The language is the router's basename
 * (`useLocale`); outside any router (the remote mounted on its own, a unit test) the page is the
 * English one, in a router of its own.
 */
export function InPageLanguage({ children }: { children: ReactNode }) {
  const ready = <DownloadsMessagesReady>{children}</DownloadsMessagesReady>;
  return useInRouterContext() ? ready : <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>{ready}</MemoryRouter>;
}
