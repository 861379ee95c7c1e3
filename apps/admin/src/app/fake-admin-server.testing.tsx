import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AdminCandidateListItem, AdminUser, ReleaseJob } from '@kbe/contracts';
import { Toaster } from '@kbe/ui';

import { AdminApiContext, createAdminApi, type AdminApi } from './admin-api';
import { AdminUserContext } from './admin-guard';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
export type FakeAnswer = Answer | Promise<Answer>;
type Handler = (request: RecordedRequest) => FakeAnswer;

/**
 * A stand-in for the admin API behind the real client (`createAdminApi` over a fake `fetch`):
 * answers by "METHOD /path" and records every request, so a test sees what the page asked.
 */
export function createFakeAdminServer() {
  const handlers = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers['Authorization'] ?? null,
    };
    requests.push(request);
    const handler = handlers.get(`${method} ${url.pathname}`);
    const answer = handler ? await handler(request) : { status: 404, body: { statusCode: 404, message: `No fake for ${method} ${url.pathname}` } };
    // jsdom has no Response class: a minimal Response-shaped object is enough for the client.
    const status = answer.status ?? 200;
    // JSON unless the answer names its own type (a PDF answer: `headers: { 'content-type': 'application/pdf' }`).
    const answerHeaders: Record<string, string> = answer.headers ?? {};
    const contentType = answerHeaders['content-type'] ?? 'application/json';
    const text = contentType === 'application/json' ? JSON.stringify(answer.body ?? null) : String(answer.body ?? '');
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : (answerHeaders[name.toLowerCase()] ?? null)) },
      text: async () => text,
      blob: async () => new Blob([text], { type: contentType }),
    } as unknown as Response;
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    on(route: string, handler: Handler) {
      handlers.set(route, handler);
    },
    /** Requests to one path, in order. */
    calls(method: string, path: string) {
      return requests.filter((r) => r.method === method && r.path === path);
    },
  };
}
export type FakeAdminServer = ReturnType<typeof createFakeAdminServer>;

export const ok = <T,>(data: T, message = 'OK') => ({ status: 200, body: { success: true, message, data } });

export const ADMIN: AdminUser = { username: 'asha', role: 'admin' };

/** Renders admin UI at `path` with the real client over the fake server, the toaster and (optionally) a signed-in user. */
export function renderAdmin(ui: ReactNode, options: { server: FakeAdminServer; path?: string; user?: AdminUser | null; routes?: Record<string, ReactNode> }) {
  const api: AdminApi = createAdminApi({ fetch: options.server.fetch });
  const path = options.path ?? '/admin/page';
  const user = options.user === undefined ? ADMIN : options.user;
  const content = user ? <AdminUserContext.Provider value={user}>{ui}</AdminUserContext.Provider> : ui;
  return render(
    <AdminApiContext.Provider value={api}>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path={path} element={content} />
          {Object.entries(options.routes ?? {}).map(([route, element]) => (
            <Route key={route} path={route} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
      <Toaster />
    </AdminApiContext.Provider>,
  );
}

export function pagination(total: number, current = 1, limit = 20) {
  return { current, pages: Math.ceil(total / limit), total };
}

/** A candidate row as the admin list sends it; even numbers have paid. */
export function candidateRow(n: number, overrides: Partial<AdminCandidateListItem> = {}): AdminCandidateListItem {
  const id = `KBE${String(100000 + n)}ABC`;
  return {
    id: `id-${n}`,
    candidateId: id,
    candidateCode: id,
    name: `Candidate ${n}`,
    fatherName: 'Father',
    category: 'Prime',
    center: 'TBA',
    contact: `98765${String(10000 + n)}`,
    email: '',
    mentorCode: 'MEN-4HT9PA',
    schoolName: 'School',
    standard: '6th',
    district: 'Nashik',
    feesPaid: n % 2 === 0,
    receiptNumber: null,
    hallTicketReleased: false,
    certificateReleased: false,
    consentStatus: 'given',
    photo: '',
    signature: '',
    seatNumber: 'TBA',
    stage: 'Mains',
    examTime: 'TBA',
    createdAt: '2025-01-01T00:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
}


/** A release job as the server reports it (a running hall-ticket job unless overridden). */
export function releaseJob(overrides: Partial<ReleaseJob>): ReleaseJob {
  return {
    id: 'job-1',
    kind: 'hall-ticket',
    status: 'running',
    filter: {},
    total: 1200,
    processed: 0,
    percent: 0,
    released: 0,
    skipped: { count: 0, reasons: [] },
    failed: { count: 0, items: [] },
    requestedBy: 'asha',
    createdAt: '2025-01-01T00:00:00.000Z',
    finishedAt: null,
    error: null,
    ...overrides,
  };
}
