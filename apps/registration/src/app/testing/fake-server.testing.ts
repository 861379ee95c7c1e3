/**
 * A scripted stand-in for `fetch` for the component tests: records every request and answers
 * from a queue. jsdom has no Response class, so answers are minimal Response-shaped objects.
 */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body: unknown } | { networkError: true } | Promise<{ status: number; body: unknown }>;

export function jsonAnswer(status: number, body: unknown): { status: number; body: unknown } {
  return { status, body };
}

export function createFakeServer() {
  const requests: RecordedRequest[] = [];
  const queue: Answer[] = [];
  const routes: Array<{ match: (url: string) => boolean; answer: () => Answer }> = [];

  const toResponse = ({ status, body }: { status: number; body: unknown }) =>
    ({
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => JSON.stringify(body),
      blob: async () => new Blob([JSON.stringify(body)]),
    }) as unknown as Response;

  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    requests.push({ url, method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) }, body });
    const route = routes.find((r) => r.match(url));
    const answer = route ? route.answer() : queue.shift();
    if (!answer) throw new Error(`No scripted answer for ${url}`);
    if ('networkError' in answer) throw new TypeError('Failed to fetch');
    return toResponse(await answer);
  }) as typeof globalThis.fetch;

  return {
    fetch,
    requests,
    /** Answers the next non-routed request. */
    next(answer: Answer) {
      queue.push(answer);
    },
    /** Answers every request whose URL matches. */
    route(match: (url: string) => boolean, answer: () => Answer) {
      routes.push({ match, answer });
    },
  };
}

/** A promise with its resolve function, to hold a request open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
