import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** What a provider needs of a gateway's answer: its status, `Retry-After` and the body as text. */
export interface GatewayAnswer {
  status: number;
  retryAfter: string | null;
  text: string;
}

/**
 * One POST to an SMS gateway. It rejects with an error named `AbortError` when no whole answer
 * came within `timeoutMs`, and with the connection's error when the gateway could not be reached.
 */
export type GatewayPost = (url: string, init: { headers: Record<string, string>; body: string; timeoutMs: number }) => Promise<GatewayAnswer>;

/** Answers larger than this are cut (a gateway's answer is a request id or an error: tens of bytes). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * A `GatewayPost` over node:http(s) that keeps its connections to the gateway alive. Not
 * `fetch`: its WHATWG streams cost more CPU per request than node:http, on the sender's only
 * thread, with about a hundred requests per 10,000 SMS (docs/benchmarks/2026-11-24-sms-delivery.md).
 */
export function keepAliveGatewayPost(): GatewayPost {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  return (url, { headers, body, timeoutMs }) =>
    new Promise<GatewayAnswer>((resolve, reject) => {
      const secure = url.startsWith('https:');
      const send = secure ? httpsRequest : httpRequest;
      const request = send(
        url,
        {
          method: 'POST',
          agent: secure ? agents.https : agents.http,
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
            size += chunk.length;
          });
          response.on('end', () => {
            const retryAfter = response.headers['retry-after'];
            resolve({ status: response.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : null, text: Buffer.concat(chunks).toString('utf8') });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
}
