import { loadConfig } from '@kbe/server-config';
import { databaseName } from '@kbe/server-database';
import type { EventProducer } from '@kbe/server-messaging';
import { isolatedInfraEnv } from '@kbe/server-testing';
import mongoose, { type Connection } from 'mongoose';
import type { CampaignStatsReporter } from '../campaigns/campaign-stats.reporter';
import { notificationsEnvSchema } from '../../notifications.config';
import type { SmsProvider, SmsSendReceipt, SmsSendRequest } from '../providers/sms-provider';
import { DeliveryRepository } from './delivery.repository';
import { DeliveryDocument, DeliverySchema, InflightDocument, InflightSchema, OutcomeDocument, OutcomeSchema } from './delivery.schema';
import type { OutboundSms } from './outbound-message';
import { providerBatches, SmsDispatcher } from './sms.dispatcher';

/**
 * The delivery log's leases against the real MongoDB-wire server, with two senders (two
 * repositories and dispatchers, as two processes have) and an in-process provider that counts
 * requests and SMS per number and, like MSG91 with its idempotency header, answers a key it
 * accepted before without a second SMS. The timings are relative to a lease made short on
 * purpose: a sender slower than its lease is what a loaded machine produces.
 */
describe('SMS delivery log: leases and take-over', () => {
  const LEASE_MS = 400;
  const infra = isolatedInfraEnv();
  let connection: Connection;
  let models: ReturnType<typeof modelsOf>;

  const config = (overrides: Record<string, string> = {}) =>
    loadConfig(notificationsEnvSchema, {
      ...infra,
      SMS_HTTP_BATCH_SIZE: '5',
      SMS_CONCURRENCY: '1',
      SMS_RATE_LIMIT_PER_SECOND: '0',
      SMS_LEASE_MS: String(LEASE_MS),
      SMS_MAX_ATTEMPTS: '3',
      SMS_RETRY_BASE_MS: '10',
      ...overrides,
    });

  /** One sender process: its own repository (write queue) and dispatcher. */
  function sender(provider: SmsProvider) {
    const deliveries = new DeliveryRepository(models.claims, models.inflight, models.outcomes);
    const producer: EventProducer = { sendBatch: async () => undefined, close: async () => undefined };
    const reporter = { markChanged: () => undefined } as unknown as CampaignStatsReporter;
    return { deliveries, dispatcher: new SmsDispatcher(provider, deliveries, producer, reporter, config()) };
  }

  const campaignMessages = (campaignId: string, count: number): OutboundSms[] =>
    Array.from({ length: count }, (_, n) => ({
      id: `${campaignId}:KBE${String(n).padStart(4, '0')}ABC`,
      campaignId,
      messageType: 'custom',
      to: `+9190000${String(n).padStart(5, '0')}`,
      text: `KBE Young Scientist: ${n}`,
      encoding: 'GSM-7',
      segments: 1,
    }));

  beforeAll(async () => {
    const { MONGODB_URI, MONGODB_DB_PREFIX } = config();
    connection = await mongoose.createConnection(MONGODB_URI, { dbName: databaseName(MONGODB_DB_PREFIX, 'notifications-lease') }).asPromise();
    models = modelsOf(connection);
  });

  afterAll(async () => {
    await connection?.dropDatabase().catch(() => undefined);
    await connection?.close();
  });

  it('keeps a chunk whose sender is slower than its lease: another sender never takes it over, no SMS is requested twice', async () => {
    // Four requests of five, one at a time, 300 ms each: the chunk takes three leases to send.
    const provider = new CountingProvider(300);
    const owner = sender(provider);
    const other = sender(provider);
    const messages = campaignMessages('slow', 20);

    const claimed = await owner.deliveries.claim(messages, 'owner', LEASE_MS);
    let ownerDone = false;
    const owning = owner.dispatcher.dispatch(claimed, () => false).finally(() => (ownerDone = true));
    // The other sender sweeps every 50 ms meanwhile, as its sweeper would.
    const takenOver: string[] = [];
    while (!ownerDone) {
      const taken = await other.deliveries.takeExpired('other', LEASE_MS);
      if (taken) {
        takenOver.push(...taken.messages.map((message) => message.id));
        await other.dispatcher.dispatch(taken, () => false);
      }
      await sleep(50);
    }
    await owning;
    await owner.deliveries.drain();

    expect(takenOver).toEqual([]);
    expect(messages.filter((message) => provider.requestsPerNumber.get(message.to) !== 1)).toEqual([]);
    expect(messages.filter((message) => provider.smsPerNumber.get(message.to) !== 1)).toEqual([]);
    expect(await owner.deliveries.countsOf('slow')).toMatchObject({ sent: 20, failed: 0 });
    expect(await models.inflight.countDocuments({}).exec()).toBe(0);
  });

  it('resends a taken-over chunk as the same requests with the same keys, even when only part of its outcomes is visible', async () => {
    const provider = new CountingProvider(0);
    const messages = campaignMessages('partial', 10);
    const dying = sender(provider);
    const claimed = await dying.deliveries.claim(messages, 'dying', LEASE_MS);
    // The sender handed both requests of the chunk to the provider and was writing their
    // outcomes when it died: the first request's is visible, the second's is not.
    const batches = providerBatches(claimed.messages, 5);
    const receipts: SmsSendReceipt[] = [];
    for (const batch of batches) {
      receipts.push(
        await provider.send({
          messages: batch.messages.map(({ to, text }) => ({ to, text })),
          encoding: batch.encoding,
          messageType: batch.messageType,
          idempotencyKey: batch.idempotencyKey,
        }),
      );
    }
    const first = batches[0] as (typeof batches)[number];
    await dying.deliveries.recordOutcomesKeepingChunk(
      first.messages.map((message) => ({
        id: message.id,
        campaignId: message.campaignId,
        status: 'sent' as const,
        requestKey: first.idempotencyKey,
        attempts: 1,
        providerMessageId: receipts[0]?.providerMessageId ?? null,
      })),
    );
    await sleep(LEASE_MS + 100);

    const sweeper = sender(provider);
    const taken = await sweeper.deliveries.takeExpired('sweeper', 10_000);
    expect(taken).not.toBeNull();
    await sweeper.dispatcher.dispatch(taken as NonNullable<typeof taken>, () => false);
    await sweeper.deliveries.drain();

    expect(messages.filter((message) => provider.smsPerNumber.get(message.to) !== 1)).toEqual([]);
    expect(await sweeper.deliveries.countsOf('partial')).toMatchObject({ sent: 10, failed: 0 });
    expect(await models.inflight.countDocuments({}).exec()).toBe(0);
  });
});

const modelsOf = (connection: Connection) => ({
  claims: connection.model<DeliveryDocument>(DeliveryDocument.name, DeliverySchema),
  inflight: connection.model<InflightDocument>(InflightDocument.name, InflightSchema),
  outcomes: connection.model<OutcomeDocument>(OutcomeDocument.name, OutcomeSchema),
});

/** A provider that takes `delayMs` per request and, like MSG91 with an idempotency header, never sends a key it accepted twice. */
class CountingProvider implements SmsProvider {
  readonly name = 'counting';
  readonly honoursIdempotencyKey = true;
  /** Requests naming each number (repeats included). */
  readonly requestsPerNumber = new Map<string, number>();
  /** SMS each number received. */
  readonly smsPerNumber = new Map<string, number>();
  private readonly accepted = new Map<string, string>();

  constructor(private readonly delayMs: number) {}

  refusal(): string | null {
    return null;
  }

  async send(request: SmsSendRequest): Promise<SmsSendReceipt> {
    for (const { to } of request.messages) this.requestsPerNumber.set(to, (this.requestsPerNumber.get(to) ?? 0) + 1);
    await sleep(this.delayMs);
    const already = this.accepted.get(request.idempotencyKey);
    if (already) return { providerMessageId: already };
    const id = `req-${this.accepted.size + 1}`;
    this.accepted.set(request.idempotencyKey, id);
    for (const { to } of request.messages) this.smsPerNumber.set(to, (this.smsPerNumber.get(to) ?? 0) + 1);
    return { providerMessageId: id };
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
