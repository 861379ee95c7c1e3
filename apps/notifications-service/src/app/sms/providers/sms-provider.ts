import type { SmsEncoding } from '@kbe/contracts';

/** One SMS for the provider: E.164 number, final text, and a key that is the same on every retry. */
export interface SmsSendRequest {
  to: string;
  text: string;
  encoding: SmsEncoding;
  messageType: string;
  idempotencyKey: string;
}

export interface SmsSendReceipt {
  /** The provider's id of the accepted message (matches its delivery reports). */
  providerMessageId: string | null;
}

/**
 * Why a send failed. `transient` (5xx, timeout, 429, network) is retried with backoff, after
 * `retryAfterMs` when the provider said so; `permanent` (other 4xx, a text that does not match
 * its registered DLT template) is not retried.
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
  /** Resolves once the provider accepted the message; rejects with SmsSendError otherwise. */
  send(request: SmsSendRequest): Promise<SmsSendReceipt>;
}

export const SMS_PROVIDER = Symbol('SMS_PROVIDER');
