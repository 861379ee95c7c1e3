import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { InternalCallError, InternalHttpClient } from './internal-http.client';

const reply = z.object({ success: z.literal(true), data: z.object({ count: z.number() }) });

describe('InternalHttpClient', () => {
  let server: Server;
  let baseUrl: string;
  const seen: { method?: string; token?: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen.push({ method: request.method, token: request.headers['x-internal-token'] as string, body });
        if (request.url === '/echo') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { count: body.length }, type: request.headers['content-type'] ?? null }));
        const answers: Record<string, [number, string]> = {
          '/ok': [200, JSON.stringify({ success: true, data: { count: 3 } })],
          '/wrong-shape': [200, JSON.stringify({ success: true, data: { count: 'three' } })],
          '/not-json': [200, '<html>'],
          '/refused': [409, JSON.stringify({ message: 'Already running' })],
          '/recorded': [204, ''],
        };
        if (request.url === '/echo.pdf') return void response.writeHead(200, { 'content-type': 'application/pdf' }).end(`%PDF ${request.method} ${body}`);
        if (request.url === '/slow') return void setTimeout(() => response.writeHead(200).end('{}'), 1_500);
        const [status, text] = answers[(request.url ?? '').split('?')[0] ?? ''] ?? [404, '{}'];
        response.writeHead(status, { 'content-type': 'application/json' }).end(text);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = () => new InternalHttpClient({ baseUrl, internalToken: 'secret-token' });

  it('sends the internal token and the JSON body, and answers the validated reply', async () => {
    await expect(client().put('/ok', { seats: [] }, reply)).resolves.toEqual({ success: true, data: { count: 3 } });
    expect(seen.at(-1)).toEqual({ method: 'PUT', token: 'secret-token', body: '{"seats":[]}' });
  });

  it('names the call and the problem: a refusal, a reply the contract refuses, a body that is not JSON, no server', async () => {
    const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: InternalCallError) => ({ message: error.message, status: error.status }));
    expect(await failure(client().get('/refused', reply))).toEqual({ message: 'GET /refused answered 409: {"message":"Already running"}', status: 409 });
    expect(await failure(client().get('/wrong-shape?x=1', reply))).toEqual({
      message: 'GET /wrong-shape answered a reply the contract refuses: data.count: Invalid input: expected number, received string',
      status: 200,
    });
    expect(await failure(client().get('/not-json', reply))).toEqual({ message: 'GET /not-json answered 200 with a body that is not JSON', status: 200 });
    const nobody = new InternalHttpClient({ baseUrl: 'http://127.0.0.1:9', internalToken: 'x', timeoutMs: 2_000 });
    expect(await failure(nobody.get('/ok', reply))).toEqual({ message: 'GET /ok: http://127.0.0.1:9 is not reachable', status: null });
    const impatient = new InternalHttpClient({ baseUrl, internalToken: 'x', timeoutMs: 200 });
    expect(await failure(impatient.get('/slow', reply))).toEqual({ message: `GET /slow: ${baseUrl} did not answer within 200 ms`, status: null });
  });

  it('posts a command the other service answers 204, and names any other answer', async () => {
    await expect(client().postNoContent('/recorded', { erasures: [] })).resolves.toBeUndefined();
    expect(seen.at(-1)).toEqual({ method: 'POST', token: 'secret-token', body: '{"erasures":[]}' });
    await expect(client().postNoContent('/ok', {})).rejects.toMatchObject({ message: 'POST /ok answered 200 where 204 was expected: {"success":true,"data":{"count":3}}', status: 200 });
    await expect(client().postNoContent('/refused', {})).rejects.toMatchObject({ message: 'POST /refused answered 409 where 204 was expected: {"message":"Already running"}', status: 409 });
  });

  it('streams a file: a GET, or a POST of a JSON body when one is given', async () => {
    const read = async (file: { stream: NodeJS.ReadableStream }) => {
      let text = '';
      for await (const chunk of file.stream) text += String(chunk);
      return text;
    };
    const got = await client().file('/echo.pdf');
    expect({ contentType: got.contentType, text: await read(got) }).toEqual({ contentType: 'application/pdf', text: '%PDF GET ' });
    const posted = await client().file('/echo.pdf', { name: 'Asha' });
    expect(await read(posted)).toBe('%PDF POST {"name":"Asha"}');
    expect(seen.at(-1)).toEqual({ method: 'POST', token: 'secret-token', body: '{"name":"Asha"}' });
    await expect(client().file('/refused', {})).rejects.toMatchObject({ message: 'POST /refused answered 409: {"message":"Already running"}', status: 409 });
  });

  it('patches, deletes, and streams an upload through with its own content type', async () => {
    await expect(client().patch('/ok', { isActive: false }, reply)).resolves.toEqual({ success: true, data: { count: 3 } });
    expect(seen.at(-1)).toEqual({ method: 'PATCH', token: 'secret-token', body: '{"isActive":false}' });
    await client().delete('/ok', reply);
    expect(seen.at(-1)).toEqual({ method: 'DELETE', token: 'secret-token', body: '' });
    const parts = Readable.from([Buffer.from('--b\r\n'), Buffer.from('photo bytes\r\n--b--')]);
    const echoed = await client().upload('/echo', { stream: parts, contentType: 'multipart/form-data; boundary=b' }, reply.extend({ type: z.string() }));
    expect(echoed).toEqual({ success: true, data: { count: 23 }, type: 'multipart/form-data; boundary=b' });
    expect(seen.at(-1)?.body).toBe('--b\r\nphoto bytes\r\n--b--');
  });

  it('keeps the body of an error answer whole, so a caller may relay it', async () => {
    await expect(client().post('/refused', {}, reply)).rejects.toMatchObject({ status: 409, body: '{"message":"Already running"}' });
    await expect(client().file('/refused')).rejects.toMatchObject({ status: 409, body: '{"message":"Already running"}' });
    await expect(client().get('/wrong-shape', reply)).rejects.toMatchObject({ status: 200, body: null });
  });
});
