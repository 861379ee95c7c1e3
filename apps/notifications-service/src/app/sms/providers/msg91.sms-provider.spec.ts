import type { GatewayPost } from './gateway-post';
import { Msg91SmsProvider, retryAfterMs } from './msg91.sms-provider';
import { SmsSendError, type SmsSendRequest } from './sms-provider';

describe('Msg91SmsProvider', () => {
  const templates = { custom: { templateId: '1207160000000000001', text: 'KBE Young Scientist: {#var#}' } };
  const request: SmsSendRequest = {
    messages: [
      { to: '+919876543210', text: 'KBE Young Scientist: exam on 19 March' },
      { to: '+919876543211', text: 'KBE Young Scientist: exam on 20 March' },
    ],
    encoding: 'GSM-7',
    messageType: 'custom',
    idempotencyKey: 'c1:batch-1',
  };
  const calls: Array<{ url: string; init: Parameters<GatewayPost>[1] }> = [];
  const answer =
    (status: number, body: unknown, retryAfter: string | null = null): GatewayPost =>
    async (url, init) => {
      calls.push({ url, init });
      return { status, retryAfter, text: JSON.stringify(body) };
    };
  const provider = (post: GatewayPost, idempotencyHeader?: string) =>
    new Msg91SmsProvider({ baseUrl: 'https://gw.example', authKey: 'key-1', senderId: 'KBEYSC', dltEntityId: '1201160000000000001', templates, timeoutMs: 1000, idempotencyHeader }, post);

  beforeEach(() => (calls.length = 0));

  it('posts one transactional DLT request with every recipient and its own text, and returns the request id', async () => {
    const receipt = await provider(answer(200, { type: 'success', message: 'req-42' }), 'Idempotency-Key').send(request);
    expect(receipt).toEqual({ providerMessageId: 'req-42' });
    expect(calls[0]?.url).toBe('https://gw.example/api/v2/sendsms');
    expect(calls[0]?.init.headers).toMatchObject({ authkey: 'key-1', 'Idempotency-Key': 'c1:batch-1' });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      sender: 'KBEYSC',
      route: '4',
      country: '91',
      unicode: 0,
      DLT_TE_ID: '1207160000000000001',
      PE_ID: '1201160000000000001',
      sms: [
        { message: 'KBE Young Scientist: exam on 19 March', to: ['919876543210'] },
        { message: 'KBE Young Scientist: exam on 20 March', to: ['919876543211'] },
      ],
    });
  });

  it('sends Devanagari as Unicode', async () => {
    await provider(answer(200, { type: 'success', message: 'r' })).send({ ...request, messages: [{ to: '+919876543210', text: 'KBE Young Scientist: परीक्षा' }], encoding: 'UCS-2' });
    expect(JSON.parse(String(calls[0]?.init.body)).unicode).toBe(1);
  });

  it('refuses, without calling the gateway, a text that does not match its DLT template', async () => {
    const gateway = provider(answer(200, { type: 'success', message: 'r' }));
    expect(gateway.refusal('custom', 'Hello there')).toBe('Text does not match DLT template 1207160000000000001 registered for custom');
    expect(gateway.refusal('custom', 'KBE Young Scientist: exam on 19 March')).toBeNull();
    expect(gateway.refusal('certificate', 'KBE Young Scientist: x')).toBe('No DLT template configured for certificate messages');
    const send = gateway.send({ ...request, messages: [...request.messages, { to: '+919876543212', text: 'Hello there' }] });
    await expect(send).rejects.toMatchObject({ kind: 'permanent', message: expect.stringContaining('does not match DLT template 1207160000000000001') });
    await expect(provider(answer(200, {})).send({ ...request, messageType: 'certificate' })).rejects.toMatchObject({ kind: 'permanent' });
    expect(calls).toHaveLength(0);
  });

  it('classifies 429 and 5xx as transient (with Retry-After), 4xx and error answers as permanent', async () => {
    await expect(provider(answer(429, { type: 'error' }, '3')).send(request)).rejects.toMatchObject({ kind: 'transient', retryAfterMs: 3000 });
    await expect(provider(answer(503, { type: 'error', message: 'down' })).send(request)).rejects.toMatchObject({ kind: 'transient' });
    await expect(provider(answer(401, { type: 'error', message: 'Authentication failure', code: '418' })).send(request)).rejects.toMatchObject({
      kind: 'permanent',
      message: 'MSG91 rejected the message (401, code 418): Authentication failure',
    });
    await expect(provider(answer(200, { type: 'error', message: 'Invalid template' })).send(request)).rejects.toBeInstanceOf(SmsSendError);
  });

  it('treats a timeout or a refused connection as transient', async () => {
    const timeout: GatewayPost = async () => {
      throw Object.assign(new Error('The operation was aborted'), { name: 'AbortError' });
    };
    await expect(provider(timeout).send(request)).rejects.toMatchObject({ kind: 'transient', message: 'MSG91 did not answer within 1000 ms' });
    const refused: GatewayPost = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    };
    await expect(provider(refused).send(request)).rejects.toMatchObject({ kind: 'transient' });
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
