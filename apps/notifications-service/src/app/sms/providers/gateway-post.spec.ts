import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepAliveGatewayPost } from './gateway-post';

describe('keepAliveGatewayPost', () => {
  let server: Server;
  let url: string;
  const seen: Array<{ headers: IncomingMessage['headers']; body: string; remotePort: number | undefined }> = [];
  let handle: (request: IncomingMessage, response: ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        seen.push({ headers: request.headers, body, remotePort: request.socket.remotePort });
        handle(request, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/sendsms`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (seen.length = 0));

  it('posts the body with its headers and answers the status, Retry-After and text, over one kept-alive connection', async () => {
    handle = (_request, response) => response.writeHead(429, { 'retry-after': '7', 'content-type': 'application/json' }).end('{"type":"error"}');
    const post = keepAliveGatewayPost();
    const body = JSON.stringify({ sms: [{ message: 'KBE Young Scientist: परीक्षा', to: ['919876543210'] }] });
    const first = await post(url, { headers: { 'content-type': 'application/json', authkey: 'key-1' }, body, timeoutMs: 2_000 });
    const second = await post(url, { headers: { authkey: 'key-1' }, body, timeoutMs: 2_000 });
    expect(first).toEqual({ status: 429, retryAfter: '7', text: '{"type":"error"}' });
    expect(second.status).toBe(429);
    expect(seen[0]?.body).toBe(body);
    expect(seen[0]?.headers).toMatchObject({ authkey: 'key-1', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    expect(seen[1]?.remotePort).toBe(seen[0]?.remotePort);
  });

  it('answers null for a missing Retry-After', async () => {
    handle = (_request, response) => response.writeHead(200).end('{"type":"success","message":"req-1"}');
    await expect(keepAliveGatewayPost()(url, { headers: {}, body: '{}', timeoutMs: 2_000 })).resolves.toEqual({ status: 200, retryAfter: null, text: '{"type":"success","message":"req-1"}' });
  });

  it('rejects with an AbortError when the gateway does not answer in time', async () => {
    handle = () => undefined; // never answers
    const started = Date.now();
    await expect(keepAliveGatewayPost()(url, { headers: {}, body: '{}', timeoutMs: 200 })).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('rejects with the connection error when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(keepAliveGatewayPost()(`http://127.0.0.1:${port}/`, { headers: {}, body: '{}', timeoutMs: 2_000 })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
