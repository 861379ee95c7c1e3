import {
  ServerKafka,
  type CustomStrategy,
  type Deserializer,
  type IncomingEvent,
  type KafkaContext,
  type KafkaOptions,
  type ReadPacket,
} from '@nestjs/microservices';
import { KAFKA_CONSUMER_LAG, KAFKA_HANDLER_DURATION, type Metrics, type RecordsMetrics } from '@kbe/server-metrics';
import type { Consumer } from 'kafkajs';
import type { Histogram } from 'prom-client';
import { withEventSpan } from '@kbe/server-tracing';
import { ClosableSockets } from './closable-sockets';
import { consumerLag, type LagAdmin, type TopicLag } from './consumer-lag';
import { handleBatchConcurrently } from './concurrent-batch';
import { kafkaClientConfig } from './kafka-client';
import { ensureTopics } from './kafka-topics';
import { topicName } from './topic-name';

export interface KafkaConsumerOptions {
  /**
   * Service name: client id and consumer group `<topicPrefix><service>` (unless `groupId` is
   * given): the group belongs to its environment as the topics do, so consumers of other
   * environments on one broker (parallel test suites) never join it and force its rebalances.
   */
  service: string;
  brokers: string[];
  topicPrefix: string;
  groupId?: string;
  /** Read topics from their beginning when the group has no committed offset (default true). */
  fromBeginning?: boolean;
  /**
   * Events of one partition handled at once (default 1: one after another). Above 1, events of
   * a partition run side by side (so handlers must not depend on the order of events) and the
   * offset is committed only up to the first event not finished (see `handleBatchConcurrently`).
   */
  concurrencyPerPartition?: number;
}

/** Hands handlers the logical topic (`school.registered`), whatever the environment prefix. */
class PrefixStrippingDeserializer implements Deserializer<unknown, IncomingEvent> {
  constructor(private readonly prefix: string) {}

  deserialize(message: unknown, options?: Record<string, unknown>): IncomingEvent {
    const channel = typeof options?.['channel'] === 'string' ? options['channel'] : '';
    const pattern = channel.startsWith(this.prefix) ? channel.slice(this.prefix.length) : channel;
    const data = (message as { value?: unknown } | null | undefined)?.value ?? message;
    return { pattern, data };
  }
}

/**
 * The Nest Kafka transport with KAFKA_TOPIC_PREFIX applied: handlers are declared with logical
 * topics (`@EventPattern('school.registered')`) and subscribe to `${prefix}school.registered`.
 * Handlers receive the `EventEnvelope` (its `id` repeats on redelivery: deduplicate on it).
 * Each handler is timed per logical topic once the app's metrics are handed over, and the consumer
 * group's lag per topic is read from Kafka when the metrics are scraped. A handler runs in a span
 * that continues the trace of the request that published its event (when tracing is on).
 */
export class PrefixedKafkaServer extends ServerKafka implements RecordsMetrics {
  private readonly topicPrefix: string;
  private readonly lifecycle: { closing: boolean };
  private handlerDuration?: Histogram<'topic' | 'outcome'>;
  /** Connected on the first scrape of the lag, disconnected on close. */
  private lagAdmin?: Promise<LagAdmin & { disconnect(): Promise<void> }>;

  constructor(
    options: KafkaOptions['options'],
    topicPrefix: string,
    /** The client's sockets (its `socketFactory`), ended on close whatever kafkajs still holds. */
    private readonly sockets?: ClosableSockets,
    /** Events of one partition handled at once; 1 = one after another (`eachMessage`). */
    private readonly concurrencyPerPartition = 1,
  ) {
    // kafkajs restarts a crashed consumer (Kafka away) on a timer. A crash while the service
    // closes would restart it after close() and leave a connection open: no restart once closing.
    const lifecycle = { closing: false };
    const retry = { ...options?.consumer?.retry, restartOnFailure: async () => !lifecycle.closing };
    super({
      ...options,
      consumer: { ...options?.consumer, retry } as NonNullable<KafkaOptions['options']>['consumer'],
      deserializer: new PrefixStrippingDeserializer(topicPrefix),
    });
    this.topicPrefix = topicPrefix;
    this.lifecycle = lifecycle;
  }

  recordMetricsIn(metrics: Metrics): void {
    this.handlerDuration = metrics.histogram(KAFKA_HANDLER_DURATION);
    metrics.gaugeSeries(KAFKA_CONSUMER_LAG, async () => (await this.consumerLag()).map(({ topic, lag }) => ({ labels: { topic }, value: lag })));
  }

  private async consumerLag(): Promise<TopicLag[]> {
    const client = this.client;
    if (!client || this.lifecycle.closing) return [];
    let connecting = this.lagAdmin;
    if (!connecting) {
      // Nest types its own copy of the kafkajs interfaces: the same client, another name
      const admin = client.admin() as unknown as LagAdmin & { connect(): Promise<void>; disconnect(): Promise<void> };
      connecting = admin.connect().then(() => admin);
      this.lagAdmin = connecting;
      // a failed connection is tried again at the next scrape
      connecting.catch(() => (this.lagAdmin = undefined));
    }
    const topics = [...this.messageHandlers.keys()].map((logical) => ({ logical, kafka: topicName(this.topicPrefix, logical) }));
    return consumerLag(await connecting, this.groupId, topics);
  }

  /** `pattern` is the logical topic (PrefixStrippingDeserializer), one the service subscribed to. */
  override async handleEvent(pattern: string, packet: ReadPacket, context: KafkaContext): Promise<unknown> {
    const end = this.handlerDuration?.startTimer({ topic: pattern });
    const trace = (packet.data as { trace?: Record<string, string> } | null | undefined)?.trace;
    try {
      const result: unknown = await withEventSpan(pattern, trace, () => super.handleEvent(pattern, packet, context));
      end?.({ outcome: 'ok' });
      return result;
    } catch (error) {
      end?.({ outcome: 'error' });
      throw error;
    }
  }

  override async close(): Promise<void> {
    this.lifecycle.closing = true;
    await this.lagAdmin?.then((admin) => admin.disconnect()).catch(() => undefined);
    await super.close();
    this.sockets?.closeAll();
  }

  override async bindEvents(consumer: Consumer): Promise<void> {
    const topics = [...this.messageHandlers.keys()].map((pattern) => topicName(this.topicPrefix, pattern));
    if (topics.length > 0) {
      if (this.client) await ensureTopics(this.client, topics);
      await consumer.subscribe({ ...(this.options.subscribe ?? {}), topics });
    }
    if (this.concurrencyPerPartition <= 1) {
      await consumer.run({ ...(this.options.run ?? {}), eachMessage: this.getMessageHandler() });
      return;
    }
    await consumer.run({
      ...(this.options.run ?? {}),
      eachBatchAutoResolve: false,
      eachBatch: (payload) =>
        handleBatchConcurrently(payload, this.concurrencyPerPartition, (message) =>
          this.handleMessage({ topic: payload.batch.topic, partition: payload.batch.partition, message, heartbeat: payload.heartbeat, pause: payload.pause }),
        ),
    });
  }
}

/** Options for `app.connectMicroservice(...)` in a service that consumes events. */
export function kafkaConsumerStrategy(options: KafkaConsumerOptions): CustomStrategy {
  const { logCreator: _logCreator, ...client } = kafkaClientConfig({ clientId: options.service, brokers: options.brokers });
  const sockets = new ClosableSockets();
  return {
    strategy: new PrefixedKafkaServer(
      {
        client: { ...client, socketFactory: sockets.factory, retry: { retries: 8, initialRetryTime: 300, maxRetryTime: 5_000 } },
        consumer: { groupId: options.groupId ?? `${options.topicPrefix}${options.service}`, allowAutoTopicCreation: true },
        subscribe: { fromBeginning: options.fromBeginning ?? true },
        postfixId: '',
      },
      options.topicPrefix,
      sockets,
      options.concurrencyPerPartition,
    ),
  };
}

