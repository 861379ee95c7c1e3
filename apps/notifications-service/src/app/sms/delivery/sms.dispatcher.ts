import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectConfig } from '@kbe/server-config';
import { EVENT_PRODUCER, topicName, type EventProducer } from '@kbe/server-messaging';
import type { NotificationsConfig } from '../../notifications.config';
import { CampaignStatsReporter } from '../campaigns/campaign-stats.reporter';
import { SMS_PROVIDER, SmsSendError, type SmsProvider } from '../providers/sms-provider';
import { DeliveryRepository, type ClaimedChunk, type ClaimedSms, type DeliveryOutcome } from './delivery.repository';
import { SMS_DEAD_LETTER_TOPIC } from './outbound-message';
import { RateLimiter } from './rate-limiter';
import { retryDelayMs, type RetryPolicyOptions } from './retry-policy';

export const OUTCOME_UNKNOWN =
  'Outcome unknown: the sender stopped while handing it to a provider without idempotency keys (not resent, to avoid a duplicate)';

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

/**
 * Hands claimed messages to the provider: rate limited, a bounded number in flight, retried with
 * exponential backoff and jitter on transient errors, never on permanent ones; records every
 * outcome in the delivery log and puts what was given up on the dead-letter topic.
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
  ) {
    this.limiter = new RateLimiter(config.SMS_RATE_LIMIT_PER_SECOND);
    this.inFlight = new Semaphore(config.SMS_CONCURRENCY);
    this.retry = { maxAttempts: config.SMS_MAX_ATTEMPTS, baseMs: config.SMS_RETRY_BASE_MS, maxMs: config.SMS_RETRY_MAX_MS };
  }

  /**
   * Sends every message and records the outcomes. Messages not yet handed to the provider when
   * `stopping()` turns true are returned (the caller gives them back) instead of being sent.
   */
  async dispatch(chunk: ClaimedChunk, stopping: () => boolean): Promise<{ unsent: string[] }> {
    const messages = chunk.messages;
    const outcomes: DeliveryOutcome[] = [];
    const unsent: string[] = [];
    await Promise.all(
      messages.map(async (message) => {
        if (message.inDoubt && !this.provider.honoursIdempotencyKey) {
          outcomes.push({ id: message.id, campaignId: message.campaignId, status: 'dead', attempts: 0, reason: OUTCOME_UNKNOWN });
          return;
        }
        const outcome = await this.sendWithRetries(message, stopping);
        if (outcome) outcomes.push(outcome);
        else unsent.push(message.id);
      }),
    );
    if (unsent.length > 0) {
      // Stopping: record what was sent; the chunk stays in flight, given back for the rest.
      await this.deliveries.recordOutcomesKeepingChunk(outcomes);
    } else {
      await this.deliveries.recordOutcomes(chunk.inflightId, outcomes);
    }
    this.reporter.markChanged(new Set(messages.map((message) => message.campaignId)));
    await this.deadLetter(messages, outcomes);
    return { unsent };
  }

  private async sendWithRetries(message: ClaimedSms, stopping: () => boolean): Promise<DeliveryOutcome | undefined> {
    let maybeAccepted = false;
    for (let attempt = 1; ; attempt += 1) {
      if (stopping()) {
        // Handed back (sent by the next sender) unless an attempt went unanswered: it may have
        // been accepted, so resending could duplicate it; it is given up (re-drivable) instead.
        if (!maybeAccepted) return undefined;
        return { id: message.id, campaignId: message.campaignId, status: 'dead', attempts: attempt - 1, reason: 'Sender stopped while retrying an unanswered call' };
      }
      try {
        const receipt = await this.inFlight.run(async () => {
          await this.limiter.acquire();
          return this.provider.send({
            to: message.to,
            text: message.text,
            encoding: message.encoding,
            messageType: message.messageType,
            idempotencyKey: message.id,
          });
        });
        return { id: message.id, campaignId: message.campaignId, status: 'sent', attempts: attempt, providerMessageId: receipt.providerMessageId };
      } catch (error) {
        const failure = error instanceof SmsSendError ? error : new SmsSendError('transient', describe(error), undefined, true);
        maybeAccepted ||= failure.maybeAccepted && !this.provider.honoursIdempotencyKey;
        if (failure.kind === 'permanent' || attempt >= this.retry.maxAttempts) {
          return { id: message.id, campaignId: message.campaignId, status: 'dead', attempts: attempt, reason: failure.message };
        }
        await sleep(retryDelayMs(attempt, this.retry, failure.retryAfterMs));
      }
    }
  }

  /** The dead-letter topic is for operators and other consumers; the delivery log stays the source for re-drive. */
  private async deadLetter(messages: readonly ClaimedSms[], outcomes: readonly DeliveryOutcome[]): Promise<void> {
    const dead = new Map(outcomes.filter((outcome) => outcome.status === 'dead').map((outcome) => [outcome.id, outcome]));
    if (dead.size === 0) return;
    const topic = topicName(this.config.KAFKA_TOPIC_PREFIX, SMS_DEAD_LETTER_TOPIC);
    try {
      await this.producer.sendBatch(
        messages
          .filter((message) => dead.has(message.id))
          .map((message) => ({
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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
