import { Partitioners, type Kafka, type Producer } from 'kafkajs';
import type { EventProducer, OutgoingMessage } from './event-producer';
import { ensureTopics } from './kafka-topics';

/** The kafkajs producer. Connects lazily and starts over after any failure. */
export class KafkaEventProducer implements EventProducer {
  private producer?: Producer;
  private connecting?: Promise<Producer>;
  private readonly knownTopics = new Set<string>();

  constructor(private readonly kafka: Kafka) {}

  async sendBatch(messages: readonly OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const producer = await this.connected();
    const newTopics = [...new Set(messages.map((message) => message.topic))].filter((topic) => !this.knownTopics.has(topic));
    await ensureTopics(this.kafka, newTopics);
    newTopics.forEach((topic) => this.knownTopics.add(topic));
    try {
      await producer.sendBatch({ acks: -1, topicMessages: groupByTopic(messages) });
    } catch (error) {
      await this.reset();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.reset();
  }

  private connected(): Promise<Producer> {
    this.connecting ??= (async () => {
      const producer = this.kafka.producer({
        allowAutoTopicCreation: true,
        createPartitioner: Partitioners.DefaultPartitioner,
        retry: { retries: 3, initialRetryTime: 300, maxRetryTime: 2_000 },
      });
      this.producer = producer;
      await producer.connect();
      return producer;
    })().catch(async (error: unknown) => {
      await this.reset();
      throw error;
    });
    return this.connecting;
  }

  private async reset(): Promise<void> {
    const producer = this.producer;
    this.producer = undefined;
    this.connecting = undefined;
    await producer?.disconnect().catch(() => undefined);
  }
}

function groupByTopic(messages: readonly OutgoingMessage[]) {
  const byTopic = new Map<string, Array<Omit<OutgoingMessage, 'topic'>>>();
  for (const { topic, ...message } of messages) {
    const list = byTopic.get(topic) ?? [];
    list.push(message);
    byTopic.set(topic, list);
  }
  return [...byTopic].map(([topic, list]) => ({ topic, messages: list }));
}
