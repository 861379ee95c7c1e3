import type { SmsEncoding } from '@kbe/contracts';

/** One recipient of a provider request: E.164 number and its final text. */
export interface SmsRecipientMessage {
  to: string;
  text: string;
}

/**
 * One provider request: several recipients of one message type and encoding (one DLT template),
 * each with its own text, and a key that is the same on every retry of this request.
 */
export interface SmsSendRequest {
  messages: readonly SmsRecipientMessage[];
  encoding: SmsEncoding;
  messageType: string;
  idempotencyKey: string;
}

export interface SmsSendReceipt {
  /** The provider's id of the accepted request (its delivery reports refer to it, per number). */
  providerMessageId: string | null;
}

/**
 * Why a send failed. `transient` (5xx, timeout, 429, network) is retried with backoff, after
 * `retryAfterMs` when the provider said so; `permanent` (other 4xx, a text that does not match
 * its registered DLT template) is not retried. A request succeeds or fails as a whole.
 */
export class SmsSendError extends Error {
  constructor(
    readonly kind: 'transient' | 'permanent',
    message: string,
    readonly retryAfterMs?: number,
    /** No answer (timeout, connection lost): the provider may have accepted it all the same. */
    readonly maybeAccepted = false,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export interface SmsProvider {
  readonly name: string;
  /** Whether a resend with the same `idempotencyKey` is dropped by the provider (safe to repeat). */
  readonly honoursIdempotencyKey: boolean;
  /** Why this text cannot be sent as this message type (e.g. not its DLT template), or null: checked per message before batching. */
  refusal(messageType: string, text: string): string | null;
  /** Resolves once the provider accepted every message of the request; rejects with SmsSendError otherwise. */
  send(request: SmsSendRequest): Promise<SmsSendReceipt>;
}

export const SMS_PROVIDER = Symbol('SMS_PROVIDER');
