import type { EventProducer } from '@kbe/server-messaging';
import type { NotificationsConfig } from '../../notifications.config';
import type { CampaignStatsReporter } from '../campaigns/campaign-stats.reporter';
import type { SmsProvider, SmsSendRequest } from '../providers/sms-provider';
import type { ClaimedChunk, ClaimedSms, DeliveryOutcome, DeliveryRepository, ProviderReceipt } from './delivery.repository';
import { cancelledSms } from './outbound-message';
import { CANCELLED_ERASED, providerBatches, SmsDispatcher } from './sms.dispatcher';

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

describe('SmsDispatcher with messages cancelled in flight (their candidate erased)', () => {
  function dispatcher(batchSize: number) {
    const requests: SmsSendRequest[] = [];
    const recorded: Array<{ outcomes: readonly DeliveryOutcome[]; receipts: readonly ProviderReceipt[]; chunkDone: boolean }> = [];
    const deadLetters: unknown[] = [];
    const provider: SmsProvider = {
      name: 'test',
      honoursIdempotencyKey: true,
      refusal: () => null,
      send: async (request) => {
        requests.push(request);
        return { providerMessageId: `p-${requests.length}` };
      },
    };
    const deliveries = {
      renew: async () => true,
      sentRequests: async () => new Set<string>(),
      recordOutcomes: async (_chunk: unknown, outcomes: readonly DeliveryOutcome[], receipts: readonly ProviderReceipt[] = []) =>
        void recorded.push({ outcomes, receipts, chunkDone: true }),
      recordOutcomesKeepingChunk: async (outcomes: readonly DeliveryOutcome[], receipts: readonly ProviderReceipt[] = []) =>
        void recorded.push({ outcomes, receipts, chunkDone: false }),
    } as unknown as DeliveryRepository;
    const producer: EventProducer = { sendBatch: async (records) => void deadLetters.push(...records), close: async () => undefined };
    const reporter = { markChanged: () => undefined } as unknown as CampaignStatsReporter;
    const config = {
      KAFKA_TOPIC_PREFIX: '',
      SMS_RATE_LIMIT_PER_SECOND: 0,
      SMS_CONCURRENCY: 4,
      SMS_MAX_ATTEMPTS: 1,
      SMS_RETRY_BASE_MS: 1,
      SMS_RETRY_MAX_MS: 1,
      SMS_LEASE_MS: 60_000,
      SMS_HTTP_BATCH_SIZE: batchSize,
    } as NotificationsConfig;
    return { dispatcher: new SmsDispatcher(provider, deliveries, producer, reporter, config), requests, recorded, deadLetters };
  }
  /** A chunk taken over after its sender died (in doubt), one of whose messages was cancelled meanwhile. */
  const takenOver = (messages: ClaimedSms[]): ClaimedChunk => ({
    inflightId: 'chunk-1',
    holder: 'sweeper/1',
    leaseUntil: new Date(Date.now() + 60_000),
    messages,
    recorded: new Map(),
  });

  it('sends the rest of its request under the same key, and records the cancelled one as a dead letter that goes nowhere', async () => {
    const { dispatcher: sender, requests, recorded, deadLetters } = dispatcher(3);
    const original = [sms(1, { inDoubt: true }), sms(2, { inDoubt: true }), sms(3, { inDoubt: true })];
    const cancelled = { ...cancelledSms(original[1] as ClaimedSms), inDoubt: true } as ClaimedSms;
    const result = await sender.dispatch(takenOver([original[0] as ClaimedSms, cancelled, original[2] as ClaimedSms]), () => false);

    expect(result).toEqual({ unsent: [] });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.idempotencyKey).toBe(providerBatches(original, 3)[0]?.idempotencyKey);
    expect(requests[0]?.messages.map((message) => message.to)).toEqual([original[0]?.to, original[2]?.to]);
    const [written] = recorded;
    expect(written?.chunkDone).toBe(true);
    expect(written?.outcomes.map((outcome) => [outcome.id, outcome.status, outcome.status === 'dead' ? outcome.reason : ''])).toEqual([
      ['c1:KBE0001', 'sent', ''],
      ['c1:KBE0002', 'dead', CANCELLED_ERASED],
      ['c1:KBE0003', 'sent', ''],
    ]);
    expect(written?.receipts[0]?.recipients.map((recipient) => recipient.id)).toEqual(['c1:KBE0001', 'c1:KBE0003']);
    expect(JSON.stringify(written)).not.toContain(original[1]?.to.slice(1));
    expect(deadLetters).toEqual([]);
  });

  it('makes no provider call for a request of cancelled messages only', async () => {
    const { dispatcher: sender, requests, recorded } = dispatcher(1);
    await sender.dispatch(takenOver([{ ...cancelledSms(sms(7)), inDoubt: false } as ClaimedSms]), () => false);
    expect(requests).toEqual([]);
    expect(recorded[0]?.outcomes).toMatchObject([{ id: 'c1:KBE0007', status: 'dead', reason: CANCELLED_ERASED, attempts: 0 }]);
  });

  it('writes no outcome for a cancelled message whose request is handed back (it goes with its request)', async () => {
    const { dispatcher: sender, requests, recorded } = dispatcher(3);
    const result = await sender.dispatch(takenOver([sms(1), { ...cancelledSms(sms(2)), inDoubt: false } as ClaimedSms]), () => true);
    expect(requests).toEqual([]);
    expect(result.unsent).toEqual(['c1:KBE0001', 'c1:KBE0002']);
    expect(recorded).toEqual([{ outcomes: [], receipts: [], chunkDone: false }]);
  });
});
