import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import type { PortalSession } from '@kbe/contracts/zod-free';

import { SchoolsMessagesReady } from '../i18n/schools.catalogue';
import { createPortalApi, PortalApiContext } from './portal-api';
import { fakeServer, SCHOOL_SESSION } from './portal-api.testing';
import { createPortalSessionStore, PORTAL_SESSION_KEY } from './portal-session.store';

/**
 * The fake server of portal-api.testing.ts, and what it cannot do alone: it keeps each request's
 * FormData (a multipart upload) and answers a PDF as a Blob.
 */
export function screenServer() {
  const server = fakeServer();
  const forms: FormData[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (init.body instanceof FormData) forms.push(init.body);
    const response = await server.fetch(input, init);
    const type = response.headers.get('content-type') ?? '';
    const text = await response.text();
    return {
      ok: response.ok,
      status: response.status,
      headers: response.headers,
      text: async () => text,
      blob: async () => new Blob([text], { type }),
    } as unknown as Response;
  }) as typeof globalThis.fetch;
  return { ...server, fetch, forms };
}

export type ScreenServer = ReturnType<typeof screenServer>;

/** One signed-in screen alone, over `server` (React 19: the render suspends for the catalogue, so it is awaited in act). */
export async function renderScreen(screen: ReactElement, server: ScreenServer, session: PortalSession = SCHOOL_SESSION) {
  sessionStorage.setItem(PORTAL_SESSION_KEY, JSON.stringify(session));
  const api = createPortalApi({ fetch: server.fetch, session: createPortalSessionStore() });
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <SchoolsMessagesReady>
        <PortalApiContext.Provider value={api}>{screen}</PortalApiContext.Provider>
      </SchoolsMessagesReady>,
    );
  });
  return { api, view };
}
