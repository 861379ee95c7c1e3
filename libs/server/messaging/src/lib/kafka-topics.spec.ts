import { KafkaJSAggregateError, KafkaJSProtocolError, type Admin } from 'kafkajs';
import { ensureTopics } from './kafka-topics';

/** A broker's error answer as kafkajs builds it (its typings only admit a message). */
const protocolError = (type: string, code: number, retriable: boolean, message: string) =>
  new KafkaJSProtocolError({ type, code, retriable, message } as unknown as Error);
const notHosted = () => protocolError('UNKNOWN_TOPIC_OR_PARTITION', 3, true, 'This server does not host this topic-partition');

/** A broker that knows `existing`, and answers `answers` in turn to each metadata request (then leaders). */
function broker(existing: string[], answers: Array<Error | 'leaderless'> = [], createError?: Error) {
  const created: Array<{ topic: string; numPartitions?: number }> = [];
  let metadataCalls = 0;
  const admin = {
    connect: async () => undefined,
    disconnect: async () => undefined,
    listTopics: async () => existing,
    createTopics: async ({ topics }: { topics: Array<{ topic: string; numPartitions?: number }> }) => {
      created.push(...topics);
      if (createError) throw createError;
      return true;
    },
    fetchTopicMetadata: async ({ topics }: { topics: string[] }) => {
      const answer = answers[metadataCalls++];
      if (answer instanceof Error) throw answer;
      const leader = answer === 'leaderless' ? -1 : 1;
      return { topics: topics.map((name) => ({ name, partitions: [{ partitionId: 0, leader, replicas: [1], isr: [1], partitionErrorCode: 0 }] })) };
    },
  } as unknown as Admin;
  return { kafka: { admin: () => admin }, created, metadataCalls: () => metadataCalls };
}

describe('ensureTopics', () => {
  it('creates only the missing topics, with their partition counts, and returns once they have leaders', async () => {
    const fake = broker(['dev.a']);
    await ensureTopics(fake.kafka, ['dev.a', { topic: 'dev.b', numPartitions: 4 }]);
    expect(fake.created).toEqual([{ topic: 'dev.b', numPartitions: 4 }]);
    expect(fake.metadataCalls()).toBe(1);
  });

  it('waits through "This server does not host this topic-partition" and leaderless partitions after creating', async () => {
    const fake = broker([], [notHosted(), notHosted(), 'leaderless']);
    await ensureTopics(fake.kafka, ['dev.c'], { pollMs: 1 });
    expect(fake.metadataCalls()).toBe(4);
  });

  it('accepts a topic another process created meanwhile', async () => {
    const raced = new KafkaJSAggregateError('Topic creation errors', [
      protocolError('TOPIC_ALREADY_EXISTS', 36, false, 'Topic with this name already exists'),
    ]);
    await expect(ensureTopics(broker([], [], raced).kafka, ['dev.d'])).resolves.toBeUndefined();
  });

  it('gives up with the topic and the last answer once the time is over', async () => {
    const fake = broker([], Array.from({ length: 1_000 }, notHosted));
    await expect(ensureTopics(fake.kafka, ['dev.e'], { timeoutMs: 20, pollMs: 5 })).rejects.toThrow(
      'Kafka topics dev.e are not ready: This server does not host this topic-partition',
    );
  });

  it('fails at once on an answer that waiting cannot mend', async () => {
    const denied = protocolError('TOPIC_AUTHORIZATION_FAILED', 29, false, 'Not authorized to access topics');
    await expect(ensureTopics(broker([], [denied]).kafka, ['dev.f'])).rejects.toThrow('Not authorized to access topics');
  });
});
