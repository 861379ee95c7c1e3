import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConfig } from '@kbe/server-config';
import { ensureTopics, KAFKA_CLIENT, topicName } from '@kbe/server-messaging';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import type { NotificationsConfig } from '../../notifications.config';
import { DeliveryRepository } from './delivery.repository';
import { outboundSmsSchema, SMS_DEAD_LETTER_TOPIC, SMS_OUTBOUND_TOPIC, type OutboundSms } from './outbound-message';
import { SmsDispatcher } from './sms.dispatcher';

/**
 * Messages claimed and sent together; the offset moves on after each chunk is recorded. A fetch
 * (SMS_FETCH_BYTES_PER_PARTITION, 512 KiB: about 1,500 messages) is usually one chunk: the
 * delivery log costs five writes per chunk whatever its size, so larger chunks mean fewer of them.
 */
const CHUNK_SIZE = 2_000;

/**
 * Consumes the per-recipient topic in batches (a consumer group of its own, every partition at
 * once): claims a chunk in the delivery log (duplicates are skipped), sends it, records the
 * outcomes, and only then resolves and commits the chunk's offsets. A sweeper takes over claims
 * whose sender died (lease expired) and re-driven dead letters. On shutdown the consumer stops
 * fetching, messages not yet handed to the provider are given back (chunk released, offset not
 * committed) and those in flight are finished.
 */
@Injectable()
export class SmsSenderWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(SmsSenderWorker.name);
  /** Identifies this process's claims in the delivery log. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private consumer?: Consumer;
  private stopping = false;
  private sweepTimer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    @Inject(KAFKA_CLIENT) private readonly kafka: Kafka,
    private readonly deliveries: DeliveryRepository,
    private readonly dispatcher: SmsDispatcher,
    @InjectConfig() private readonly config: NotificationsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureTopics();
    const consumer = this.kafka.consumer({
      groupId: `${this.config.KAFKA_TOPIC_PREFIX}notifications-service.sms-sender`,
      // A sender that died is replaced within seconds.
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      maxBytesPerPartition: this.config.SMS_FETCH_BYTES_PER_PARTITION,
      retry: { retries: 10, initialRetryTime: 300, maxRetryTime: 5_000 },
    });
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topics: [topicName(this.config.KAFKA_TOPIC_PREFIX, SMS_OUTBOUND_TOPIC)], fromBeginning: true });
    await consumer.run({
      partitionsConsumedConcurrently: this.config.SMS_OUTBOUND_PARTITIONS,
      eachBatchAutoResolve: false,
      autoCommitInterval: 1_000,
      eachBatch: (payload) => this.handleBatch(payload),
    });
    this.scheduleSweep();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.sweepTimer);
    // disconnect() waits for the running batches, which finish what is in flight and give back the rest.
    await this.consumer?.disconnect().catch((error: unknown) => this.logger.warn(`Consumer did not stop cleanly: ${describe(error)}`));
    await this.sweeping;
    await this.deliveries.drain();
  }

  private async handleBatch({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }: EachBatchPayload): Promise<void> {
    for (let start = 0; start < batch.messages.length; start += CHUNK_SIZE) {
      if (this.stopping || !isRunning() || isStale()) return;
      const chunk = batch.messages.slice(start, start + CHUNK_SIZE);
      const claimed = await this.deliveries.claim(parseAll(chunk, this.logger), this.owner, this.config.SMS_LEASE_MS);
      const { unsent } = await this.dispatcher.dispatch(claimed, () => this.stopping || !isRunning());
      if (unsent.length > 0) {
        // What was not handed over is free for the next sender at once (never sent), if the chunk is still ours.
        await this.deliveries.release(claimed);
        // Shutting down: the offsets stay uncommitted. Otherwise the lease could not be kept (the
        // sender is too slow): the delivery log holds the rest, a sweeper sends it; move on.
        if (this.stopping || !isRunning()) return;
      }
      const last = chunk[chunk.length - 1];
      if (last) resolveOffset(last.offset);
      await commitOffsetsIfNecessary();
      await heartbeat();
    }
  }

  private scheduleSweep(): void {
    this.sweepTimer = setTimeout(() => {
      this.sweeping = this.sweep()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.warn(`Sweep failed, retrying later: ${describe(error)}`))
        .finally(() => {
          this.sweeping = undefined;
          if (!this.stopping) this.scheduleSweep();
        });
    }, this.config.SMS_SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  /** Claims whose lease ran out: their sender died (or an admin re-drove them). */
  async sweep(): Promise<number> {
    let total = 0;
    while (!this.stopping) {
      const taken = await this.deliveries.takeExpired(this.owner, this.config.SMS_LEASE_MS);
      if (!taken) break;
      total += taken.messages.filter((message) => !taken.recorded?.has(message.id)).length;
      const { unsent } = await this.dispatcher.dispatch(taken, () => this.stopping);
      // Not handed over before shutdown: make them immediately available to another sender.
      if (unsent.length > 0) await this.deliveries.release(taken);
    }
    if (total > 0) this.logger.log(`Took over ${total} message(s) whose sender had stopped`);
    return total;
  }

  /** The outbound topic with several partitions (spread over senders), and the dead-letter topic. */
  private ensureTopics(): Promise<void> {
    return ensureTopics(this.kafka, [
      { topic: topicName(this.config.KAFKA_TOPIC_PREFIX, SMS_OUTBOUND_TOPIC), numPartitions: this.config.SMS_OUTBOUND_PARTITIONS },
      { topic: topicName(this.config.KAFKA_TOPIC_PREFIX, SMS_DEAD_LETTER_TOPIC), numPartitions: 1 },
    ]);
  }
}

function parseAll(messages: readonly KafkaMessage[], logger: Logger): OutboundSms[] {
  const parsed: OutboundSms[] = [];
  for (const message of messages) {
    try {
      const result = outboundSmsSchema.safeParse(JSON.parse(message.value?.toString('utf8') ?? ''));
      if (result.success) parsed.push(result.data);
      else logger.error(`Skipping malformed outbound SMS at offset ${message.offset}: ${result.error.message}`);
    } catch {
      logger.error(`Skipping outbound SMS at offset ${message.offset}: not JSON`);
    }
  }
  return parsed;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
