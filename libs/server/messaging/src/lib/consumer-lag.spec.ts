import { consumerLag, type LagAdmin } from './consumer-lag';

function admin(ends: Record<string, { partition: number; low: string; high: string }[]>, committed: Record<string, { partition: number; offset: string }[]>): LagAdmin {
  return {
    fetchTopicOffsets: async (topic: string) => ends[topic].map((p) => ({ ...p, offset: p.high })),
    fetchOffsets: async ({ topics }: { groupId: string; topics?: string[] }) => (topics ?? []).map((topic) => ({ topic, partitions: (committed[topic] ?? []).map((p) => ({ ...p, metadata: null })) })),
  } as unknown as LagAdmin;
}

describe('consumer lag', () => {
  it('sums, per topic, the end of each partition minus what the group committed', async () => {
    const lag = await consumerLag(
      admin({ 'dev.a': [{ partition: 0, low: '0', high: '10' }, { partition: 1, low: '0', high: '7' }] }, { 'dev.a': [{ partition: 0, offset: '4' }, { partition: 1, offset: '7' }] }),
      'svc',
      [{ logical: 'a', kafka: 'dev.a' }],
    );
    expect(lag).toEqual([{ topic: 'a', lag: 6 }]);
  });

  it('counts a partition the group never committed from the start of its log', async () => {
    const lag = await consumerLag(admin({ 'dev.b': [{ partition: 0, low: '3', high: '9' }] }, { 'dev.b': [{ partition: 0, offset: '-1' }] }), 'svc', [{ logical: 'b', kafka: 'dev.b' }]);
    expect(lag).toEqual([{ topic: 'b', lag: 6 }]);
  });

  it('asks nothing for a service that consumes no topic', async () => {
    expect(await consumerLag({} as LagAdmin, 'svc', [])).toEqual([]);
  });
});
