import { errorMessage } from '@kbe/server-bootstrap';
import { matchesDltTemplate } from '../dlt-template.util';
import { keepAliveGatewayPost, type GatewayAnswer, type GatewayPost } from './gateway-post';
import { SmsSendError, type SmsProvider, type SmsSendReceipt, type SmsSendRequest } from './sms-provider';

export interface Msg91Options {
  /** e.g. https://api.msg91.com (tests point it at a fake gateway). */
  baseUrl: string;
  authKey: string;
  /** The 6-letter DLT header registered for the sender. */
  senderId: string;
  /** DLT principal entity id. */
  dltEntityId: string;
  /** DLT-registered template per message type: its id and its registered text with `{#var#}`. */
  templates: Record<string, { templateId: string; text: string }>;
  timeoutMs: number;
  /** Header that carries the idempotency key, when the account's gateway honours one. */
  idempotencyHeader?: string;
}

interface Msg91Answer {
  type?: string;
  message?: string;
  code?: string;
}

/**
 * MSG91's SMS API (v2 `sendsms`, JSON form, transactional route 4, India): one request carries
 * several recipients (one `sms` entry each, with its own text) of one DLT template and encoding;
 * the gateway accepts or refuses the request as a whole and answers one request id, which its
 * delivery reports quote with each number. Before anything is sent every text is checked against
 * the DLT template registered for its message type (operators drop a mismatch silently, so it is
 * a permanent failure here). Answers: `{type:"success", message: <request id>}`; `{type:"error",
 * ...}` is permanent; 429, 5xx, timeouts and network errors are transient (with Retry-After
 * honoured). Connections to the gateway are kept alive (`keepAliveGatewayPost`); with many
 * recipients per request the HTTP cost per SMS is small (it was the largest part of the profile
 * with one request per recipient).
 */
export class Msg91SmsProvider implements SmsProvider {
  readonly name = 'msg91';
  readonly honoursIdempotencyKey: boolean;

  constructor(
    private readonly options: Msg91Options,
    private readonly post: GatewayPost = keepAliveGatewayPost(),
  ) {
    this.honoursIdempotencyKey = Boolean(options.idempotencyHeader);
  }

  refusal(messageType: string, text: string): string | null {
    const template = this.options.templates[messageType];
    if (!template) return `No DLT template configured for ${messageType} messages`;
    if (!matchesDltTemplate(template.text, text)) return `Text does not match DLT template ${template.templateId} registered for ${messageType}`;
    return null;
  }

  async send(request: SmsSendRequest): Promise<SmsSendReceipt> {
    if (request.messages.length === 0) throw new SmsSendError('permanent', 'No recipients in the request');
    for (const message of request.messages) {
      const refusal = this.refusal(request.messageType, message.text);
      if (refusal) throw new SmsSendError('permanent', refusal);
    }
    const template = this.options.templates[request.messageType] as { templateId: string };
    const headers: Record<string, string> = { 'content-type': 'application/json', authkey: this.options.authKey };
    if (this.options.idempotencyHeader) headers[this.options.idempotencyHeader] = request.idempotencyKey;
    const body = {
      sender: this.options.senderId,
      route: '4',
      country: '91',
      unicode: request.encoding === 'UCS-2' ? 1 : 0,
      DLT_TE_ID: template.templateId,
      PE_ID: this.options.dltEntityId,
      sms: request.messages.map((message) => ({ message: message.text, to: [message.to.replace(/^\+/, '')] })),
    };

    let response: GatewayAnswer;
    try {
      response = await this.post(`${this.options.baseUrl}/api/v2/sendsms`, { headers, body: JSON.stringify(body), timeoutMs: this.options.timeoutMs });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new SmsSendError(
        'transient',
        timedOut ? `MSG91 did not answer within ${this.options.timeoutMs} ms` : `MSG91 unreachable: ${describe(error)}`,
        undefined,
        true,
      );
    }

    const answer = readAnswer(response.text);
    if (response.status === 429 || response.status >= 500) {
      throw new SmsSendError(
        'transient',
        `MSG91 answered ${response.status}${answer.message ? `: ${answer.message}` : ''}`,
        retryAfterMs(response.retryAfter),
      );
    }
    if (response.status < 200 || response.status > 299 || answer.type !== 'success') {
      throw new SmsSendError('permanent', `MSG91 rejected the message (${response.status}${answer.code ? `, code ${answer.code}` : ''}): ${answer.message ?? 'no reason given'}`);
    }
    return { providerMessageId: answer.message ?? null };
  }
}

function readAnswer(text: string): Msg91Answer {
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Msg91Answer) : {};
  } catch {
    return { message: text.slice(0, 200) || undefined };
  }
}

/** `Retry-After` in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${errorMessage(error)}${cause}`;
}
