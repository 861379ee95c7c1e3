import { HttpError, InvalidResponseError, NetworkError, extractErrorMessage } from './api-errors';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart (the browser sets the boundary). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  /** Prefix of every path; '' (the default) means the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Bearer token for admin calls; undefined means no Authorization header. */
  getAuthToken?: () => string | null | undefined;
}

export interface HttpClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

const isFormData = (value: unknown): value is FormData =>
  typeof FormData !== 'undefined' && value instanceof FormData;

const isAbort = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

/** Spec section 7: JSON is parsed, a PDF becomes a Blob, anything else is text. */
export async function readResponseBody(response: Response): Promise<unknown> {
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('application/pdf')) return response.blob();
  const text = await response.text();
  if (type.includes('json')) {
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new InvalidResponseError(`The server sent malformed JSON (status ${response.status})`);
    }
  }
  return text;
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  async function request<T>(path: string, req: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    let body: BodyInit | undefined;
    if (isFormData(req.body)) {
      body = req.body;
    } else if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const token = options.getAuthToken?.();
    if (token) headers['Authorization'] = `Bearer ${token}`;

    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, req.query), {
        method: req.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        signal: req.signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new NetworkError(undefined, { cause: error });
    }

    if (!response.ok) {
      let errorBody: unknown = null;
      try {
        errorBody = await readResponseBody(response);
      } catch {
        errorBody = null;
      }
      throw new HttpError(response.status, extractErrorMessage(errorBody, response.status), errorBody);
    }
    try {
      return (await readResponseBody(response)) as T;
    } catch (error) {
      if (error instanceof InvalidResponseError || isAbort(error)) throw error;
      throw new NetworkError(undefined, { cause: error });
    }
  }

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
    patch: (path, body, opts) => request(path, { ...opts, method: 'PATCH', body }),
  };
}
