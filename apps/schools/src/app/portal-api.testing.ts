import type { PortalCandidateList, PortalCounts, PortalSession } from '@kbe/contracts/zod-free';

export interface RecordedRequest {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

interface Answer {
  /** Answers only a request to this path (without query); any request when missing. */
  path?: string;
  status: number;
  body: unknown;
  type: string;
}

/**
 * A scripted `fetch` for the API client (the boundary the portal talks through): records every
 * request, answers the next scripted answer as JSON, CSV or nothing (jsdom has no Response class).
 */
export function fakeServer() {
  const requests: RecordedRequest[] = [];
  const answers: Answer[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    requests.push({
      url: String(input),
      method: init.method ?? 'GET',
      authorization: headers['Authorization'] ?? null,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const path = String(input).split('?')[0];
    const index = answers.findIndex((candidate) => candidate.path === undefined || candidate.path === path);
    if (index < 0) throw new TypeError('Failed to fetch');
    const [answer] = answers.splice(index, 1);
    const text = answer.type === 'text/csv' ? String(answer.body) : answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? answer.type : null) },
      text: async () => text,
    } as unknown as Response;
  }) as typeof globalThis.fetch;
  return {
    fetch,
    requests,
    /** The next answer: JSON (or `text/csv` text). */
    answer: (status: number, body?: unknown, type = 'application/json') => answers.push({ status, body, type }),
    /** The next answer to a request for `path` (the overview asks for its pupils and mentors at once). */
    answerAt: (path: string, status: number, body?: unknown, type = 'application/json') => answers.push({ path, status, body, type }),
    /** The services' error shape (`{ statusCode, message }`, libs/server/bootstrap error-response.ts). */
    fail: (status: number, message: string) => answers.push({ status, body: { statusCode: status, message }, type: 'application/json' }),
    /** The path and query of the n-th request (0-based, negative from the end). */
    path: (index: number) => requests.at(index)?.url ?? '',
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;

export const SCHOOL_SESSION: PortalSession = {
  token: 'tok-school-1',
  expiresAt: '2030-01-01T10:00:00.000Z',
  role: 'school',
  code: 'SCH-7KQ2XM',
  name: 'Nashik Vidyalaya',
};

export const MENTOR_SESSION: PortalSession = { ...SCHOOL_SESSION, token: 'tok-mentor-1', role: 'mentor', code: 'MEN-4HT9PA', name: 'Asha Kulkarni' };

export const COUNTS: PortalCounts = {
  candidates: 12,
  consentGiven: 7,
  consentPending: 4,
  consentWithdrawn: 1,
  feesPaid: 9,
  missingFiles: 2,
  hallTicketsReleased: 5,
  certificatesReleased: 3,
};

export function candidateList(overrides: Partial<PortalCandidateList> = {}): PortalCandidateList {
  return {
    candidates: [
      {
        candidateCode: 'KBE26ABC123',
        name: 'Aarav Patil',
        category: 'Sec',
        standard: '7th',
        mentorCode: 'MEN-4HT9PA',
        consentStatus: 'given',
        feesPaid: true,
        hasPhoto: true,
        hasSignature: false,
        hallTicketReleased: true,
        certificateReleased: false,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    pagination: { current: 1, pages: 1, total: 1 },
    counts: COUNTS,
    ...overrides,
  };
}
