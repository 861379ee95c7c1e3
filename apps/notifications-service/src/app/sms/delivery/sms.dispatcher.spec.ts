import type { ClaimedSms } from './delivery.repository';
import { providerBatches } from './sms.dispatcher';

const sms = (n: number, overrides: Partial<ClaimedSms> = {}): ClaimedSms => ({
  id: `c1:KBE${String(n).padStart(4, '0')}`,
  campaignId: 'c1',
  messageType: 'custom',
  to: `+9198765${String(n).padStart(5, '0')}`,
  text: `KBE Young Scientist: ${n}`,
  encoding: 'GSM-7',
  segments: 1,
  inDoubt: false,
  ...overrides,
});

describe('providerBatches', () => {
  it('puts up to `size` recipients of one message type and encoding in each request', () => {
    const messages = [...Array.from({ length: 7 }, (_, n) => sms(n)), sms(100, { encoding: 'UCS-2' }), sms(101, { messageType: 'status' })];
    const batches = providerBatches(messages, 3);
    expect(batches.map((batch) => [batch.messageType, batch.encoding, batch.messages.map((message) => message.id)])).toEqual([
      ['custom', 'GSM-7', ['c1:KBE0000', 'c1:KBE0001', 'c1:KBE0002']],
      ['custom', 'GSM-7', ['c1:KBE0003', 'c1:KBE0004', 'c1:KBE0005']],
      ['custom', 'GSM-7', ['c1:KBE0006']],
      ['custom', 'UCS-2', ['c1:KBE0100']],
      ['status', 'GSM-7', ['c1:KBE0101']],
    ]);
  });

  it('gives the same messages the same requests and keys in any order (a chunk taken over resends the same requests)', () => {
    const messages = Array.from({ length: 10 }, (_, n) => sms(n));
    const first = providerBatches(messages, 4);
    const again = providerBatches([...messages].reverse(), 4);
    expect(again).toEqual(first);
    expect(new Set(first.map((batch) => batch.idempotencyKey)).size).toBe(3);
    // One recipient: its message id is the key; several: a digest of their ids.
    expect(first[2]?.idempotencyKey).toMatch(/^batch-[\w-]{32}$/);
    expect(providerBatches([sms(1)], 4)[0]?.idempotencyKey).toBe('c1:KBE0001');
    // Another set of messages, another key.
    expect(providerBatches(messages.slice(1), 4)[0]?.idempotencyKey).not.toBe(first[0]?.idempotencyKey);
  });

  it("keeps each request to one campaign (a request's sent outcome is one document of that campaign)", () => {
    const messages = [sms(1), sms(2), sms(3, { id: 'c2:KBE0003', campaignId: 'c2' }), sms(4, { id: 'c2:KBE0004', campaignId: 'c2' })];
    const batches = providerBatches(messages, 3);
    expect(batches.map((batch) => [batch.campaignId, batch.messages.map((message) => message.id)])).toEqual([
      ['c1', ['c1:KBE0001', 'c1:KBE0002']],
      ['c2', ['c2:KBE0003', 'c2:KBE0004']],
    ]);
  });
});
