import { HttpError, InvalidResponseError, NetworkError, extractErrorMessage } from './api-errors';
import { createHttpClient } from './http-client';

type Call = { url: string; init: RequestInit };

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    return respond(call);
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

describe('createHttpClient', () => {
  it('uses the same origin by default and sends JSON', async () => {
    const { calls, fetchImpl } = fakeFetch(() => json({ success: true, schoolCode: 'SCH-7KQ2XM' }, 201));
    const client = createHttpClient({ fetch: fetchImpl });
    const answer = await client.post('/api/schools/register', { schoolName: 'A' });
    expect(answer).toEqual({ success: true, schoolCode: 'SCH-7KQ2XM' });
    expect(calls[0]?.url).toBe('/api/schools/register');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"schoolName":"A"}');
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('prefixes a configured base URL and encodes query parameters', async () => {
    const { calls, fetchImpl } = fakeFetch(() => json({ success: true, data: [] }));
    const client = createHttpClient({ baseUrl: 'http://localhost:8080/', fetch: fetchImpl });
    await client.get('/api/schools', { query: { code: 'SCH-7KQ2XM', empty: undefined, page: 2 } });
    expect(calls[0]?.url).toBe('http://localhost:8080/api/schools?code=SCH-7KQ2XM&page=2');
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('sends FormData as multipart without forcing a content type', async () => {
    const { calls, fetchImpl } = fakeFetch(() => json({ success: true }));
    const form = new FormData();
    form.append('personalDetails[fullName]', 'Aarav');
    await createHttpClient({ fetch: fetchImpl }).post('/api/candidates/register', form, {
      headers: { 'Idempotency-Key': 'k-1' },
    });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(calls[0]?.init.body).toBe(form);
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers['Idempotency-Key']).toBe('k-1');
  });

  it('adds a bearer token when one is available', async () => {
    const { calls, fetchImpl } = fakeFetch(() => json({}));
    await createHttpClient({ fetch: fetchImpl, getAuthToken: () => 'tok' }).get('/api/admin/me');
    expect((calls[0]?.init.headers as Record<string, string>)['Authorization']).toBe('Bearer tok');
  });

  it('returns a Blob for a PDF and text for anything else', async () => {
    const pdf = createHttpClient({
      fetch: fakeFetch(() => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } })).fetchImpl,
    });
    const blob = await pdf.post<Blob>('/api/candidates/KBE1/download/hall-ticket', { motherName: 'M' });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('%PDF-1.7');
    const text = createHttpClient({
      fetch: fakeFetch(() => new Response('ok', { headers: { 'content-type': 'text/plain' } })).fetchImpl,
    });
    expect(await text.get('/api/health')).toBe('ok');
  });

  it('raises HttpError with the server message on a non-OK answer', async () => {
    const client = createHttpClient({
      fetch: fakeFetch(() =>
        json({ statusCode: 400, message: 'Validation failed', errors: [{ field: 'contact', message: 'x' }] }, 400),
      ).fetchImpl,
    });
    const error = await client.post('/api/schools/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).message).toBe('Validation failed');
    expect((error as HttpError).body).toEqual({
      statusCode: 400,
      message: 'Validation failed',
      errors: [{ field: 'contact', message: 'x' }],
    });
  });

  it('falls back to the status when the error body says nothing', async () => {
    const client = createHttpClient({
      fetch: fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }))
        .fetchImpl,
    });
    await expect(client.get('/api/schools')).rejects.toThrow(new HttpError(502, 'HTTP error! Status: 502', null));
  });

  it('raises NetworkError, never a fabricated success, when the request fails', async () => {
    const client = createHttpClient({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    const error = await client.post('/api/schools/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe('Could not reach the server. Please check your connection and try again.');
  });

  it('passes an abort through unchanged', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    const client = createHttpClient({
      fetch: (async () => {
        throw abort;
      }) as typeof fetch,
    });
    await expect(client.get('/api/schools')).rejects.toBe(abort);
  });

  it('rejects malformed JSON in an OK answer', async () => {
    const client = createHttpClient({
      fetch: fakeFetch(() => new Response('{not json', { headers: { 'content-type': 'application/json' } })).fetchImpl,
    });
    await expect(client.get('/api/schools')).rejects.toBeInstanceOf(InvalidResponseError);
  });
});

describe('extractErrorMessage', () => {
  it('prefers error, then message, then the errors list, then the status', () => {
    expect(extractErrorMessage({ error: 'E', message: 'M' }, 400)).toBe('E');
    expect(extractErrorMessage({ message: 'M', errors: [{ msg: 'x' }] }, 400)).toBe('M');
    expect(extractErrorMessage({ message: ['a', 'b'] }, 400)).toBe('a, b');
    expect(extractErrorMessage({ errors: [{ msg: 'First' }, { message: 'Second' }, {}] }, 422)).toBe('First, Second');
    expect(extractErrorMessage({ errors: [] }, 500)).toBe('HTTP error! Status: 500');
    expect(extractErrorMessage({ error: '  ' }, 404)).toBe('HTTP error! Status: 404');
    expect(extractErrorMessage('plain text', 503)).toBe('HTTP error! Status: 503');
    expect(extractErrorMessage(null, 500)).toBe('HTTP error! Status: 500');
  });
});
