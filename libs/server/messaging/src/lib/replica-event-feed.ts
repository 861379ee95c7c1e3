import { Logger } from '@nestjs/common';
import { parseEventEnvelope, type EventPayloads, type EventType } from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import { ensureTopics } from './kafka-topics';
import { topicName } from './topic-name';
import type { Consumer, Kafka } from 'kafkajs';
import { randomUUID } from 'node:crypto';

export interface ReplicaEventFeedOptions {
  kafka: Kafka;
  service: string;
  topicPrefix: string;
  /** The feed counts as live while its last fetch is at most this old (kafkajs fetches every <= 5 s). */
  staleAfterMs?: number;
}

type Handler<K extends EventType> = (payload: EventPayloads[K]) => void;

/** `<topic prefix><service>.replica.<uuid>`: one group per process, named after its deployment. */
export function replicaGroupId(topicPrefix: string, service: string): string {
  return `${topicPrefix}${service}.replica.${randomUUID()}`;
}

/**
 * Events every replica of this service must see (not one replica per event, as in the service's
 * consumer group): a consumer in a group of its own, from the newest offset on. While it is
 * `live` (joined, fetching), what replicas keep in memory from these events is current up to the
 * events' delivery; when it is not, callers fall back to the stores, and `onResync` tells them to
 * drop or reload what they kept (also on the first fetch, before which nothing was heard).
 */
export class ReplicaEventFeed {
  private readonly logger = new Logger(ReplicaEventFeed.name);
  private readonly handlers = new Map<string, (raw: unknown) => void>();
  private readonly resyncListeners: Array<() => void | Promise<void>> = [];
  private readonly staleAfterMs: number;
  private consumer?: Consumer;
  private lastFetchAt = 0;
  private synced = false;
  private resyncing?: Promise<void>;
  private stopped = false;
  private retry?: NodeJS.Timeout;
  private starting?: Promise<void>;
  /** Set while kafkajs restarts the consumer after a crash; resolved when it joined or gave up. */
  private restarted?: { done: Promise<void>; resolve: () => void };

  constructor(private readonly options: ReplicaEventFeedOptions) {
    this.staleAfterMs = options.staleAfterMs ?? 15_000;
  }

  on<K extends EventType>(type: K, handler: Handler<K>): void {
    this.handlers.set(topicName(this.options.topicPrefix, type), (raw) => {
      const parsed = parseEventEnvelope(type, raw);
      if (!parsed.ok) {
        this.logger.warn(`skipped a malformed ${type} event: ${parsed.error}`);
        return;
      }
      handler(parsed.event.payload);
    });
  }

  /** Called when the feed (re)starts hearing events: what was kept meanwhile may be stale. */
  onResync(listener: () => void | Promise<void>): void {
    this.resyncListeners.push(listener);
  }

  get live(): boolean {
    return this.synced && Date.now() - this.lastFetchAt <= this.staleAfterMs;
  }

  /** Starts in the background, retrying every 5 s while Kafka is away; meanwhile callers use the stores. */
  startInBackground(): void {
    if (this.stopped) return;
    this.starting = this.start().catch((error: unknown) => {
      this.logger.warn(`replica events not heard yet, retrying: ${errorMessage(error)}`);
      void this.consumer?.disconnect().catch(() => undefined);
      this.consumer = undefined;
      if (!this.stopped) this.retry = setTimeout(() => this.startInBackground(), 5_000);
    });
  }

  async start(): Promise<void> {
    await ensureTopics(this.options.kafka, [...this.handlers.keys()]);
    if (this.stopped) return;
    const consumer = this.options.kafka.consumer({
      // A group of its own per process: every replica gets every event.
      groupId: replicaGroupId(this.options.topicPrefix, this.options.service),
      allowAutoTopicCreation: true,
      maxWaitTimeInMs: 1_000,
      retry: { restartOnFailure: async () => !this.stopped },
    });
    this.consumer = consumer;
    consumer.on(consumer.events.FETCH, () => {
      const wasLive = this.live;
      this.lastFetchAt = Date.now();
      if (!this.synced || !wasLive) this.resyncing ??= this.resync().finally(() => (this.resyncing = undefined));
    });
    for (const lost of [consumer.events.CRASH, consumer.events.DISCONNECT, consumer.events.STOP, consumer.events.GROUP_JOIN]) {
      consumer.on(lost, () => (this.synced = false));
    }
    consumer.on(consumer.events.CRASH, ({ payload }) => (payload.restart ? this.restarting() : this.restarted?.resolve()));
    consumer.on(consumer.events.GROUP_JOIN, () => this.restarted?.resolve());
    await consumer.connect();
    if (this.stopped) return;
    await consumer.subscribe({ topics: [...this.handlers.keys()], fromBeginning: false });
    if (this.stopped) return;
    await consumer.run({
      eachMessage: async ({ topic, message }) => {
        const handle = this.handlers.get(topic);
        if (!handle || !message.value) return;
        try {
          handle(JSON.parse(message.value.toString('utf8')) as unknown);
        } catch (error) {
          this.logger.warn(`skipped an unreadable ${topic} message: ${errorMessage(error)}`);
        }
      },
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.synced = false;
    // A start or restart under way finishes first: disconnecting midway would leave it running.
    await this.starting;
    if (this.restarted) await Promise.race([this.restarted.done, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
    await this.consumer?.disconnect();
  }

  private restarting(): void {
    if (this.restarted) return;
    let resolve = () => undefined as void;
    const done = new Promise<void>((settle) => (resolve = settle)).finally(() => (this.restarted = undefined));
    this.restarted = { done, resolve };
  }

  private async resync(): Promise<void> {
    this.synced = false;
    try {
      for (const listener of this.resyncListeners) await listener();
      this.synced = true;
    } catch (error) {
      // Not live: callers keep using the stores; the next fetch tries again.
      this.logger.warn(`replica state not reloaded: ${errorMessage(error)}`);
    }
  }
}
