import type { KafkaMessage } from 'kafkajs';
import { handleBatchConcurrently, type ConcurrentBatchPayload } from './concurrent-batch';

/** A handler call that finishes (or fails) when the test says so. */
interface Pending {
  offset: string;
  finish: () => void;
  fail: (error: Error) => void;
}

function batchOf(count: number, running = () => true) {
  const messages = Array.from({ length: count }, (_, i) => ({ offset: String(100 + i), value: Buffer.from(`event ${i}`) }) as unknown as KafkaMessage);
  const resolved: string[] = [];
  const payload: ConcurrentBatchPayload = {
    batch: { topic: 'sms.requested', partition: 0, messages } as ConcurrentBatchPayload['batch'],
    resolveOffset: (offset: string) => void resolved.push(offset),
    heartbeat: async () => undefined,
    commitOffsetsIfNecessary: async () => undefined,
    isRunning: running,
    isStale: () => false,
  };
  const pending: Pending[] = [];
  const handle = (message: KafkaMessage) =>
    new Promise<void>((finish, fail) => pending.push({ offset: message.offset, finish: () => finish(), fail }));
  return { payload, resolved, pending, handle };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('handleBatchConcurrently', () => {
  it('starts at most `concurrency` messages at once, in offset order', async () => {
    const { payload, pending, handle } = batchOf(5);
    const done = handleBatchConcurrently(payload, 2, handle);
    await settle();
    expect(pending.map((call) => call.offset)).toEqual(['100', '101']);
    pending[1].finish();
    await settle();
    expect(pending.map((call) => call.offset)).toEqual(['100', '101', '102']);
    for (let i = 0; i < 5; i += 1) {
      pending[i]?.finish();
      await settle();
    }
    await done;
    expect(pending).toHaveLength(5);
  });

  it('resolves an offset only once every message before it is finished', async () => {
    const { payload, resolved, pending, handle } = batchOf(3);
    const done = handleBatchConcurrently(payload, 3, handle);
    await settle();
    pending[2].finish();
    pending[1].finish();
    await settle();
    expect(resolved).toEqual([]);
    pending[0].finish();
    await done;
    expect(resolved).toEqual(['100', '101', '102']);
  });

  it('on a failure starts nothing new, finishes what was started, resolves only what precedes the failure, then throws', async () => {
    const { payload, resolved, pending, handle } = batchOf(5);
    const done = handleBatchConcurrently(payload, 3, handle);
    let rejected = false;
    void done.catch(() => (rejected = true));
    await settle();
    pending[1].fail(new Error('Kafka away'));
    await settle();
    pending[0].finish();
    await settle();
    expect(pending.map((call) => call.offset)).toEqual(['100', '101', '102']);
    expect(rejected).toBe(false);
    pending[2].finish();
    await expect(done).rejects.toThrow('Kafka away');
    expect(resolved).toEqual(['100']);
  });

  it('waits for a started message to finish before throwing', async () => {
    const { payload, pending, handle } = batchOf(2);
    const done = handleBatchConcurrently(payload, 2, handle);
    let rejected = false;
    void done.catch(() => (rejected = true));
    await settle();
    pending[0].fail(new Error('registration-service away'));
    await settle();
    expect(rejected).toBe(false);
    pending[1].finish();
    await expect(done).rejects.toThrow('registration-service away');
  });

  it('starts nothing new once the consumer is stopping', async () => {
    let running = true;
    const { payload, resolved, pending, handle } = batchOf(4, () => running);
    const done = handleBatchConcurrently(payload, 2, handle);
    await settle();
    running = false;
    pending[0].finish();
    pending[1].finish();
    await done;
    expect(pending).toHaveLength(2);
    expect(resolved).toEqual(['100', '101']);
  });
});
