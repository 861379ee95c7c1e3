import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { InjectConfig } from '@kbe/server-config';
import { EVENT_PRODUCER, topicName, type EventProducer } from '@kbe/server-messaging';
import { Metrics, SMS_MESSAGES } from '@kbe/server-metrics';
import type { NotificationsConfig } from '../../notifications.config';
import { CampaignStatsReporter } from '../campaigns/campaign-stats.reporter';
import { SMS_PROVIDER, SmsSendError, type SmsProvider } from '../providers/sms-provider';
import { ChunkLease } from './chunk-lease';
import { DeliveryRepository, type ClaimedChunk, type ClaimedSms, type DeliveryOutcome, type ProviderReceipt, type RecordedOutcome } from './delivery.repository';
import { SMS_DEAD_LETTER_TOPIC } from './outbound-message';
import { RateLimiter } from './rate-limiter';
import { retryDelayMs, type RetryPolicyOptions } from './retry-policy';

export const OUTCOME_UNKNOWN =
  'Outcome unknown: the sender stopped while handing it to a provider without idempotency keys (not resent, to avoid a duplicate)';

/** The dead letter of a message cancelled in flight (`cancelledSms`). */
export const CANCELLED_ERASED = "Cancelled: the candidate's data was erased before it was sent";

type BatchResult =
  | { status: 'sent'; attempts: number; providerMessageId: string | null }
  | { status: 'dead'; attempts: number; reason: string };

/** Why a sender hands messages back instead of sending them. */
type HandBack = 'stopping' | 'lease';

/** Bounds provider calls in flight across every partition of this process. */
class Semaphore {
  private available: number;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    this.available = size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.available > 0) this.available -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.available += 1;
    }
  }
}

/** Messages sent together in one provider request, and the key that goes with every attempt of it. */
export interface ProviderBatch {
  idempotencyKey: string;
  campaignId: string;
  messageType: string;
  encoding: ClaimedSms['encoding'];
  messages: ClaimedSms[];
}

/**
 * Splits messages into provider requests, deterministically: sorted by id, grouped by campaign
 * (one `sent` outcome document per request), message type and encoding (one DLT template per
 * request), `size` at most per request. The same
 * messages always give the same requests and keys, so a chunk taken over after a crash resends
 * exactly the requests that may have been accepted, with their keys.
 */
export function providerBatches(messages: readonly ClaimedSms[], size: number): ProviderBatch[] {
  const groups = new Map<string, ClaimedSms[]>();
  for (const message of [...messages].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const group = `${message.campaignId}\u0000${message.messageType}\u0000${message.encoding}`;
    const members = groups.get(group);
    if (members) members.push(message);
    else groups.set(group, [message]);
  }
  const batches: ProviderBatch[] = [];
  for (const group of groups.values()) {
    for (let start = 0; start < group.length; start += size) {
      const slice = group.slice(start, start + size);
      const first = slice[0] as ClaimedSms;
      // One message: its own id. Several: a digest of their ids (the same set, the same key).
      const idempotencyKey =
        slice.length === 1 ? first.id : `batch-${createHash('sha256').update(slice.map((message) => message.id).join('\n')).digest('base64url').slice(0, 32)}`;
      batches.push({ idempotencyKey, campaignId: first.campaignId, messageType: first.messageType, encoding: first.encoding, messages: slice });
    }
  }
  return batches;
}

/**
 * Hands claimed messages to the provider, several recipients per request: rate limited per SMS,
 * a bounded number of requests in flight, retried with exponential backoff and jitter on
 * transient errors (the same idempotency key on every attempt), never on permanent ones;
 * records every outcome in the delivery log and puts what was given up on the dead-letter topic.
 */
@Injectable()
export class SmsDispatcher {
  private readonly logger = new Logger(SmsDispatcher.name);
  private readonly limiter: RateLimiter;
  private readonly inFlight: Semaphore;
  private readonly retry: RetryPolicyOptions;

  constructor(
    @Inject(SMS_PROVIDER) private readonly provider: SmsProvider,
    private readonly deliveries: DeliveryRepository,
    @Inject(EVENT_PRODUCER) private readonly producer: EventProducer,
    private readonly reporter: CampaignStatsReporter,
    @InjectConfig() private readonly config: NotificationsConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.limiter = new RateLimiter(config.SMS_RATE_LIMIT_PER_SECOND);
    this.inFlight = new Semaphore(config.SMS_CONCURRENCY);
    this.retry = { maxAttempts: config.SMS_MAX_ATTEMPTS, baseMs: config.SMS_RETRY_BASE_MS, maxMs: config.SMS_RETRY_MAX_MS };
  }

  /**
   * Sends every message and records the outcomes, renewing the chunk's lease meanwhile.
   * Messages not yet handed to the provider when `stopping()` turns true, or when the lease is
   * no longer safely held, are returned (`unsent`: the caller gives them back) instead of sent;
   * `unsent` empty: every outcome is recorded and the chunk is done.
   */
  async dispatch(chunk: ClaimedChunk, stopping: () => boolean): Promise<{ unsent: string[] }> {
    const messages = chunk.messages;
    if (messages.length === 0) {
      // Nothing of it left to send (a chunk taken over whose messages are all another chunk's): forget it.
      await this.deliveries.recordOutcomes(chunk, []);
      return { unsent: [] };
    }
    const lease = new ChunkLease(chunk.leaseUntil, this.config.SMS_LEASE_MS, (until) => this.deliveries.renew(chunk, until));
    await lease.start();
    try {
      return await this.dispatchHolding(chunk, () => (stopping() ? 'stopping' : lease.held() ? undefined : 'lease'));
    } finally {
      await lease.stop();
    }
  }

  private async dispatchHolding(chunk: ClaimedChunk, handBack: () => HandBack | undefined): Promise<{ unsent: string[] }> {
    const messages = chunk.messages;
    const recorded = chunk.recorded ?? new Map<string, RecordedOutcome>();
    const outcomes: DeliveryOutcome[] = [];
    const receipts: ProviderReceipt[] = [];
    const unsent: string[] = [];
    const sendable: ClaimedSms[] = [];
    for (const message of messages) {
      // Cancelled: kept in the split into requests (the same requests and keys as when the chunk
      // was first sent; a refusal goes by the campaign's template, so it would have refused the
      // whole group), left out of the provider call below.
      if (message.cancelled) {
        sendable.push(message);
        continue;
      }
      const refusal = this.provider.refusal(message.messageType, message.text);
      if (refusal) {
        if (!recorded.has(message.id)) outcomes.push({ id: message.id, campaignId: message.campaignId, status: 'dead', attempts: 0, reason: refusal, message });
      } else if (message.inDoubt && !this.provider.honoursIdempotencyKey) {
        if (!recorded.has(message.id)) outcomes.push({ id: message.id, campaignId: message.campaignId, status: 'dead', attempts: 0, reason: OUTCOME_UNKNOWN, message });
      } else sendable.push(message);
    }
    const batches = providerBatches(sendable, this.config.SMS_HTTP_BATCH_SIZE);
    // Taken over: the requests whose `sent` outcome is written were answered; not sent again.
    const sentBefore = chunk.recorded ? await this.deliveries.sentRequests(batches.map((batch) => batch.idempotencyKey)) : new Set<string>();
    await Promise.all(
      batches.map(async (batch) => {
        if (sentBefore.has(batch.idempotencyKey)) return;
        // Taken over: a request with any outcome of its messages written was answered (a
        // request's outcomes are written together): not sent again; what did not get written is copied.
        const answered = batch.messages.map((message) => recorded.get(message.id)).find((outcome) => outcome !== undefined);
        if (answered) {
          outcomes.push(...copyOutcomes(answered, batch, recorded));
          return;
        }
        const toSend = batch.messages.filter((message) => !message.cancelled);
        const result = toSend.length > 0 ? await this.sendWithRetries({ ...batch, messages: toSend }, handBack) : null;
        if (result === undefined) {
          unsent.push(...batch.messages.map((message) => message.id));
          return;
        }
        // The cancelled ones' outcomes with the request's (a take-over reads any outcome of a request as the request answered).
        for (const message of batch.messages) {
          if (message.cancelled || !result) {
            outcomes.push({ id: message.id, campaignId: message.campaignId, status: 'dead', attempts: 0, reason: CANCELLED_ERASED, message });
            continue;
          }
          outcomes.push(
            result.status === 'sent'
              ? { id: message.id, campaignId: message.campaignId, status: 'sent', requestKey: batch.idempotencyKey, attempts: result.attempts, providerMessageId: result.providerMessageId }
              : { id: message.id, campaignId: message.campaignId, status: 'dead', attempts: result.attempts, reason: result.reason, message },
          );
        }
        if (result?.status === 'sent' && result.providerMessageId) {
          receipts.push({
            providerMessageId: result.providerMessageId,
            campaignId: batch.campaignId,
            recipients: toSend.map((message) => ({ to: message.to, id: message.id })),
          });
        }
      }),
    );
    if (unsent.length > 0) {
      // Handing back: record what was sent; the chunk stays in flight, given back for the rest.
      await this.deliveries.recordOutcomesKeepingChunk(outcomes, receipts);
    } else {
      await this.deliveries.recordOutcomes(chunk, outcomes, receipts);
    }
    for (const outcome of outcomes) this.metrics?.counter(SMS_MESSAGES).inc({ outcome: outcome.status });
    this.reporter.markChanged(new Set(messages.map((message) => message.campaignId)));
    await this.deadLetter(messages, outcomes);
    return { unsent };
  }

  private async sendWithRetries(batch: ProviderBatch, handBack: () => HandBack | undefined): Promise<BatchResult | undefined> {
    let maybeAccepted = false;
    for (let attempt = 1; ; attempt += 1) {
      try {
        // Checked just before the call, after waiting for a slot and the rate limit (which can take long).
        const receipt = await this.inFlight.run(async () => {
          await this.limiter.acquire(batch.messages.length);
          const reason = handBack();
          return reason ?? this.provider.send({
            messages: batch.messages.map((message) => ({ to: message.to, text: message.text })),
            encoding: batch.encoding,
            messageType: batch.messageType,
            idempotencyKey: batch.idempotencyKey,
          });
        });
        if (typeof receipt === 'string') {
          // Handed back (sent by the next sender) unless an attempt went unanswered: it may have
          // been accepted, so resending could duplicate it; it is given up (re-drivable) instead.
          if (!maybeAccepted) return undefined;
          const why = receipt === 'stopping' ? 'Sender stopped' : 'Sender lost its lease';
          return { status: 'dead', attempts: attempt - 1, reason: `${why} while retrying an unanswered call` };
        }
        return { status: 'sent', attempts: attempt, providerMessageId: receipt.providerMessageId };
      } catch (error) {
        const failure = error instanceof SmsSendError ? error : new SmsSendError('transient', describe(error), undefined, true);
        maybeAccepted ||= failure.maybeAccepted && !this.provider.honoursIdempotencyKey;
        if (failure.kind === 'permanent' || attempt >= this.retry.maxAttempts) {
          return { status: 'dead', attempts: attempt, reason: failure.message };
        }
        await sleep(retryDelayMs(attempt, this.retry, failure.retryAfterMs));
      }
    }
  }

/** The dead-letter topic is for operators and other consumers; the delivery log stays the source for re-drive. */
  private async deadLetter(messages: readonly ClaimedSms[], outcomes: readonly DeliveryOutcome[]): Promise<void> {
    const dead = new Map(outcomes.filter((outcome) => outcome.status === 'dead').map((outcome) => [outcome.id, outcome]));
    // Not the cancelled ones: nothing for an operator to do with them (and no number to key them by).
    const letters = messages.filter((message) => dead.has(message.id) && !message.cancelled);
    if (letters.length === 0) return;
    const topic = topicName(this.config.KAFKA_TOPIC_PREFIX, SMS_DEAD_LETTER_TOPIC);
    try {
      await this.producer.sendBatch(
        letters.map((message) => ({
          topic,
          key: message.to,
          value: JSON.stringify({ ...message, inDoubt: undefined, reason: (dead.get(message.id) as { reason: string }).reason }),
          headers: { 'sms-id': message.id },
        })),
      );
    } catch (error) {
      this.logger.warn(`Dead letters recorded but not published to ${topic}: ${describe(error)}`);
    }
  }
}

/**
 * The outcomes of a request that was answered, as recorded for some of its messages: `dead`
 * for each message without one; `sent` (a delivery report was recorded, the request's `sent`
 * document was not) as the request's document, for all its messages.
 */
function copyOutcomes(answered: RecordedOutcome, batch: ProviderBatch, recorded: ReadonlyMap<string, RecordedOutcome>): DeliveryOutcome[] {
  if (answered.status === 'sent') {
    return batch.messages.map((message) => ({
      id: message.id,
      campaignId: message.campaignId,
      status: 'sent',
      requestKey: batch.idempotencyKey,
      attempts: 1,
      providerMessageId: null,
    }));
  }
  return batch.messages
    .filter((message) => !recorded.has(message.id))
    .map((message) => ({ id: message.id, campaignId: message.campaignId, status: 'dead', attempts: answered.attempts, reason: answered.reason, message }));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
