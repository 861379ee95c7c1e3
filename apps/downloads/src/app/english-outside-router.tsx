import type { ReactNode } from 'react';
import { MemoryRouter, useInRouterContext } from 'react-router-dom';

/**
 * The page's language is the router's basename (`useLocale`); outside any router (the remote
 * mounted on its own, a unit test) the page is the English one, in a router of its own.
 */
export function EnglishOutsideRouter({ children }: { children: ReactNode }) {
  return useInRouterContext() ? children : <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>{children}</MemoryRouter>;
}
