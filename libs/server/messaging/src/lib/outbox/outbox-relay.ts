import { Logger } from '@nestjs/common';
import { Metrics, OUTBOX_OLDEST_AGE, OUTBOX_RELAYED, OUTBOX_WAITING } from '@kbe/server-metrics';
import { errorMessage } from '@kbe/server-bootstrap';
import type { Counter, Gauge } from 'prom-client';
import { EVENT_ID_HEADER, EVENT_TOPIC_HEADER } from '../event-envelope';
import type { EventProducer, OutgoingMessage } from '../event-producer';
import { topicName } from '../topic-name';
import type { OutboxRecord, OutboxStore } from './outbox-record';

export interface OutboxRelayOptions {
  topicPrefix: string;
  /** Pause between relay runs while all is well. */
  intervalMs: number;
  batchSize: number;
  /** First pause after a failed run; doubles on each further failure up to `maxBackoffMs`. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** Published records are kept this long for inspection, then deleted. */
  retentionMs: number;
}

export const DEFAULT_RELAY_OPTIONS: Omit<OutboxRelayOptions, 'topicPrefix'> = {
  intervalMs: 1_000,
  batchSize: 100,
  initialBackoffMs: 500,
  maxBackoffMs: 10_000,
  retentionMs: 7 * 24 * 60 * 60 * 1000,
};

export interface RelayRunResult {
  published: number;
  failed: number;
}

/**
 * Moves unpublished outbox records to the broker: oldest first, a batch at a time, marking them
 * published only after the broker acknowledged them. When sending fails the records stay
 * unpublished (attempts and last error recorded) and the loop backs off exponentially, so an
 * event written while Kafka is down goes out once it is back. Delivery is at least once.
 *
 * Each pass leaves the backlog in the metrics: none after a pass that emptied the outbox, else
 * how many wait and since when (the age grows between passes, read when scraped).
 */
export class OutboxRelay {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<RelayRunResult>;
  private stopped = true;
  private consecutiveFailures = 0;
  private lastCleanup = 0;
  private readonly relayed: Counter<'result'>;
  private readonly waiting: Gauge;
  /** When the oldest event still waiting was written, as the last pass found it; null when none waits. */
  private oldestWaiting: Date | null = null;

  constructor(
    private readonly store: OutboxStore,
    private readonly producer: EventProducer,
    private readonly options: OutboxRelayOptions,
    metrics: Metrics,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.relayed = metrics.counter(OUTBOX_RELAYED);
    this.waiting = metrics.gauge(OUTBOX_WAITING);
    metrics.gauge(OUTBOX_OLDEST_AGE, () =>
      this.oldestWaiting ? Math.max(0, (this.now().getTime() - this.oldestWaiting.getTime()) / 1000) : 0,
    );
  }

  /** Relays until the outbox is empty or a send fails. Never runs twice at the same time. */
  relayOnce(): Promise<RelayRunResult> {
    this.running ??= this.drain().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Starts the periodic loop. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a run soon (after a publish), unless the loop is backing off after a failure. */
  trigger(): void {
    if (this.stopped || this.consecutiveFailures > 0) return;
    this.schedule(0);
  }

  /** Stops the loop and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Pause before the next run after `failures` consecutive failed runs. */
  backoffMs(failures: number): number {
    if (failures === 0) return this.options.intervalMs;
    return Math.min(this.options.initialBackoffMs * 2 ** (failures - 1), this.options.maxBackoffMs);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.relayOnce();
      await this.cleanupIfDue();
    } catch (error) {
      // The store itself failed (database down): treat like a failed send.
      this.consecutiveFailures += 1;
      this.logger.warn(`Outbox relay could not read the outbox: ${errorMessage(error)}`);
    }
    if (!this.stopped) this.schedule(this.backoffMs(this.consecutiveFailures));
  }

  private async drain(): Promise<RelayRunResult> {
    const result: RelayRunResult = { published: 0, failed: 0 };
    for (;;) {
      const batch = await this.store.findUnpublished(this.options.batchSize);
      if (batch.length === 0) break;
      const ids = batch.map((record) => record.id);
      try {
        await this.producer.sendBatch(batch.map((record) => this.toMessage(record)));
      } catch (error) {
        this.consecutiveFailures += 1;
        result.failed += batch.length;
        await this.store.recordFailure(ids, errorMessage(error));
        this.relayed.inc({ result: 'failed' }, batch.length);
        // Oldest first: the batch that failed starts with the oldest event waiting.
        this.recordBacklog(await this.store.countWaiting(), batch[0]?.createdAt ?? null);
        this.logger.warn(
          `Outbox relay could not send ${batch.length} event(s), retrying in ${this.backoffMs(this.consecutiveFailures)} ms: ${errorMessage(error)}`,
        );
        return result;
      }
      await this.store.markPublished(batch, this.now());
      this.relayed.inc({ result: 'published' }, batch.length);
      this.consecutiveFailures = 0;
      result.published += batch.length;
      if (batch.length < this.options.batchSize) break;
    }
    this.recordBacklog(0, null);
    return result;
  }

  private recordBacklog(waiting: number, oldest: Date | null): void {
    this.waiting.set(waiting);
    this.oldestWaiting = oldest;
  }

  private async cleanupIfDue(): Promise<void> {
    const now = this.now().getTime();
    if (now - this.lastCleanup < 60 * 60 * 1000) return;
    this.lastCleanup = now;
    await this.store.deletePublishedBefore(new Date(now - this.options.retentionMs));
  }

  private toMessage(record: OutboxRecord): OutgoingMessage {
    return {
      topic: topicName(this.options.topicPrefix, record.topic),
      key: record.key,
      value: record.value,
      headers: { [EVENT_ID_HEADER]: record.id, [EVENT_TOPIC_HEADER]: record.topic },
    };
  }
}
