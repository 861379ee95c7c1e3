import { HttpException } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { REGISTRATION_UNEXPECTED, REGISTRATION_UNREACHABLE, RegistrationClient } from './registration.client';

const reply = z.object({ success: z.literal(true), data: z.object({ name: z.string() }) });

describe('RegistrationClient', () => {
  let server: Server;
  let client: RegistrationClient;
  const seen: { method?: string; url?: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen.push({ method: request.method, url: request.url, body });
        const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
        const path = (request.url ?? '').split('?')[0];
        if (path === '/ok') return json(200, { success: true, data: { name: 'Asha' } });
        if (path === '/conflict') return json(409, { statusCode: 409, message: 'Candidate KBE123456ABC is already released', errors: [{ field: 'x', message: 'y' }] });
        if (path === '/plain-error') return void response.writeHead(500).end('boom');
        if (path === '/token') return json(401, { statusCode: 401, message: 'Bad internal token' });
        if (path === '/wrong') return json(200, { success: true, data: { name: 7 } });
        if (path === '/photo') return void response.writeHead(200, { 'content-type': 'image/jpeg' }).end('jpeg bytes');
        json(404, { statusCode: 404, message: 'Not found' });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new RegistrationClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'token');
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: HttpException) => ({ status: error.getStatus(), body: error.getResponse() }),
    );

  it('answers the checked reply, with the query values that are set', async () => {
    await expect(client.get('/ok', { search: 'a b', page: 2, sort: undefined, category: '' }, reply)).resolves.toEqual({ success: true, data: { name: 'Asha' } });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/ok?search=a+b&page=2' });
    await client.send('PATCH', '/ok', { body: { isActive: false } }, reply);
    expect(seen.at(-1)).toMatchObject({ method: 'PATCH', body: '{"isActive":false}' });
  });

  it("relays registration-service's error answer with its status and body, so the admin sees the owner's message", async () => {
    expect(await refusal(client.send('POST', '/conflict', { body: {} }, reply))).toEqual({
      status: 409,
      body: { statusCode: 409, message: 'Candidate KBE123456ABC is already released', errors: [{ field: 'x', message: 'y' }] },
    });
    expect(await refusal(client.get('/plain-error', undefined, reply))).toEqual({ status: 500, body: { statusCode: 500, message: 'boom' } });
    expect(await refusal(client.stream('/missing'))).toEqual({ status: 404, body: { statusCode: 404, message: 'Not found' } });
  });

  it('answers 503 when registration-service cannot be reached or refuses the internal token, and 502 for a reply the contract refuses', async () => {
    expect(await refusal(client.get('/token', undefined, reply))).toMatchObject({ status: 503, body: { message: REGISTRATION_UNREACHABLE } });
    expect(await refusal(new RegistrationClient('http://127.0.0.1:9', 'token', 2_000).get('/ok', undefined, reply))).toMatchObject({
      status: 503,
      body: { message: REGISTRATION_UNREACHABLE },
    });
    expect(await refusal(client.get('/wrong', undefined, reply))).toMatchObject({ status: 502, body: { message: REGISTRATION_UNEXPECTED } });
  });

  it('streams an image back and an upload through', async () => {
    const image = await client.stream('/photo');
    let text = '';
    for await (const chunk of image.body) text += String(chunk);
    expect({ contentType: image.contentType, text }).toEqual({ contentType: 'image/jpeg', text: 'jpeg bytes' });
    await client.forwardUpload('/ok', { stream: Readable.from([Buffer.from('--b\r\nfields\r\n--b--')]), contentType: 'multipart/form-data; boundary=b' }, reply);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '--b\r\nfields\r\n--b--' });
  });
});
