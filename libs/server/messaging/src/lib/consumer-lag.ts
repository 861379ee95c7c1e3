import type { Admin } from 'kafkajs';

export type LagAdmin = Pick<Admin, 'fetchOffsets' | 'fetchTopicOffsets'>;

export interface TopicLag {
  /** Logical topic (`school.registered`), as the handlers name it. */
  topic: string;
  /** Events not committed by the group yet, over all partitions. */
  lag: number;
}

/**
 * How far a consumer group is behind on each topic: per partition, the end of the log minus the
 * group's committed offset (the start of the log where it has committed nothing yet: a group
 * reading from the beginning still has all of it to read).
 */
export async function consumerLag(admin: LagAdmin, groupId: string, topics: readonly { logical: string; kafka: string }[]): Promise<TopicLag[]> {
  if (topics.length === 0) return [];
  const committed = await admin.fetchOffsets({ groupId, topics: topics.map((t) => t.kafka) });
  return Promise.all(
    topics.map(async ({ logical, kafka }) => {
      const ends = await admin.fetchTopicOffsets(kafka);
      const offsets = new Map((committed.find((c) => c.topic === kafka)?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
      const lag = ends.reduce((sum, { partition, high, low }) => {
        const at = offsets.get(partition);
        const from = at === undefined || at < 0 ? Number(low) : at;
        return sum + Math.max(0, Number(high) - from);
      }, 0);
      return { topic: logical, lag };
    }),
  );
}
