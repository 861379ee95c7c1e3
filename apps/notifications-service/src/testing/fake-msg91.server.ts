import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers a call: accept, or fail the way a gateway under stress does. */
export type FakeAnswer = 'accept' | '500' | '429' | 'hang';

export interface FakeMsg91Options {
  authKey: string;
  /** Header carrying the idempotency key; a key accepted once is answered again without a second SMS. */
  idempotencyHeader?: string;
  /** Decides each call (default: always accept). `failuresSoFar` counts this key's earlier failed calls. */
  decide?: (call: { key: string; to: readonly string[]; failuresSoFar: number }) => FakeAnswer;
}

/**
 * A stand-in for MSG91's `POST /api/v2/sendsms`, a real HTTP server for tests and benchmarks.
 * It checks the auth key and the body's shape like the gateway (one or more `sms` entries, each
 * a text and its numbers), counts calls and accepted SMS per recipient, and can answer 500, 429
 * (Retry-After: 1) or never answer, on demand. A call is accepted or refused as a whole.
 */
export class FakeMsg91 {
  /** Accepted SMS per number (a resend with an already accepted idempotency key is not a new SMS). */
  readonly smsPerNumber = new Map<string, number>();
  /** Every call that named a number, failed ones and idempotent repeats included. */
  readonly callsPerNumber = new Map<string, number>();
  /** Calls by how they were answered. */
  readonly answers: Record<FakeAnswer | 'repeat' | 'rejected', number> = { accept: 0, '500': 0, '429': 0, hang: 0, repeat: 0, rejected: 0 };
  /** Time of the latest accepted SMS (performance.now()). */
  lastAcceptedAt = 0;
  /** Accepted requests in order: the request id (what delivery reports refer to) and its numbers. */
  readonly requests: Array<{ requestId: string; numbers: string[] }> = [];
  /** Answers this much later (a slower gateway), to keep a campaign under way for a while. */
  delayMs = 0;
  private readonly accepted = new Map<string, string>();
  private readonly failures = new Map<string, number>();
  private readonly hanging = new Set<ServerResponse>();
  private server?: Server;
  private nextId = 1;

  constructor(private readonly options: FakeMsg91Options) {}

  /** Changes how calls are answered from now on (undefined: accept all). */
  setDecide(decide: FakeMsg91Options['decide']): void {
    this.options.decide = decide;
  }

  /** SMS accepted (one per number of each accepted call). */
  totalSms = 0;

  /** Listens on 127.0.0.1 (`port` 0: any free one); answers its base URL. */
  async start(port = 0): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const reply = (status: number, body: object, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/api/v2/sendsms') return reply(404, { type: 'error', message: 'Not found' });
    if (request.headers['authkey'] !== this.options.authKey) {
      this.answers.rejected += 1;
      return reply(401, { type: 'error', message: 'Authentication failure', code: '418' });
    }
    let body: { sender?: string; route?: string; DLT_TE_ID?: string; sms?: Array<{ message?: string; to?: string[] }> };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      this.answers.rejected += 1;
      return reply(400, { type: 'error', message: 'Invalid JSON' });
    }
    const entries = Array.isArray(body.sms) ? body.sms : [];
    const numbers = entries.flatMap((entry) => (Array.isArray(entry?.to) ? entry.to : []));
    const wellFormed =
      entries.length > 0 &&
      entries.every((entry) => entry?.message && Array.isArray(entry.to) && entry.to.length > 0 && entry.to.every((to) => /^91[6-9]\d{9}$/.test(to)));
    if (!body.sender || body.route !== '4' || !body.DLT_TE_ID || !wellFormed) {
      this.answers.rejected += 1;
      return reply(400, { type: 'error', message: 'Invalid request', code: '203' });
    }
    for (const to of numbers) this.callsPerNumber.set(to, (this.callsPerNumber.get(to) ?? 0) + 1);
    const header = this.options.idempotencyHeader ? request.headers[this.options.idempotencyHeader.toLowerCase()] : undefined;
    const key = typeof header === 'string' ? header : `${numbers.join(',')}:${this.nextId}`;
    const already = this.accepted.get(key);
    if (already) {
      this.answers.repeat += 1;
      return reply(200, { type: 'success', message: already });
    }
    const failuresSoFar = this.failures.get(key) ?? 0;
    const answer = this.options.decide?.({ key, to: numbers, failuresSoFar }) ?? 'accept';
    if (answer !== 'accept') {
      this.answers[answer] += 1;
      this.failures.set(key, failuresSoFar + 1);
      if (answer === 'hang') {
        this.hanging.add(response);
        response.on('close', () => this.hanging.delete(response));
        return;
      }
      return answer === '429'
        ? reply(429, { type: 'error', message: 'Too many requests' }, { 'retry-after': '1' })
        : reply(500, { type: 'error', message: 'Internal error' });
    }
    const requestId = `req${(this.nextId++).toString(36).padStart(8, '0')}`;
    this.accepted.set(key, requestId);
    this.requests.push({ requestId, numbers });
    this.answers.accept += 1;
    for (const to of numbers) this.smsPerNumber.set(to, (this.smsPerNumber.get(to) ?? 0) + 1);
    this.totalSms += numbers.length;
    this.lastAcceptedAt = performance.now();
    return reply(200, { type: 'success', message: requestId });
  }
}
