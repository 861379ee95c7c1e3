import { loadConfig } from '@kbe/server-config';
import { databaseName } from '@kbe/server-database';
import { isolatedInfraEnv } from '@kbe/server-testing';
import mongoose, { type Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { notificationsEnvSchema } from '../../notifications.config';
import { DeliveryRepository } from '../delivery/delivery.repository';
import { DeliveryDocument, DeliverySchema, InflightDocument, InflightSchema, OutcomeDocument, OutcomeSchema } from '../delivery/delivery.schema';
import { cancelledSms, type OutboundSms } from '../delivery/outbound-message';
import { packMessages, unpackMessages } from '../delivery/packed-messages';
import { SmsErasureRepository } from './sms-erasure.repository';

/**
 * The erasure's reads and conditional rewrites of the delivery log against the real MongoDB-wire
 * server: what a chunk in flight becomes, and what a sender or a second erasure that read it
 * before can still do with it.
 */
describe('SmsErasureRepository against the MongoDB-wire server', () => {
  const config = loadConfig(notificationsEnvSchema, isolatedInfraEnv());
  let connection: Connection;
  let models: { claims: mongoose.Model<DeliveryDocument>; inflight: mongoose.Model<InflightDocument>; outcomes: mongoose.Model<OutcomeDocument> };
  let erasure: SmsErasureRepository;

  const sms = (campaignId: string, candidateCode: string, n: number): OutboundSms => ({
    id: `${campaignId}:${candidateCode}`,
    campaignId,
    messageType: 'custom',
    to: `+9191234${String(n).padStart(5, '0')}`,
    text: `KBE Young Scientist: ID ${candidateCode} exam update`,
    encoding: 'GSM-7',
    segments: 1,
    candidateCode,
  });
  async function chunkWith(messages: OutboundSms[], owner: string | null, leaseUntil: Date): Promise<string> {
    const _id = randomUUID();
    await models.inflight.collection.insertOne({ _id: _id as never, owner, leaseUntil, packed: packMessages(messages) });
    await models.claims.collection.insertMany(messages.map((message) => ({ _id: message.id as never, chunk: _id })));
    return _id;
  }
  const entryOf = async (id: string) => (await models.inflight.findById(id).lean<InflightDocument>().exec()) as InflightDocument;
  const messagesIn = async (id: string) => unpackMessages((await entryOf(id)).packed as never);

  beforeAll(async () => {
    connection = await mongoose.createConnection(config.MONGODB_URI, { dbName: databaseName(config.MONGODB_DB_PREFIX, 'notifications-erasure') }).asPromise();
    models = {
      claims: connection.model<DeliveryDocument>(DeliveryDocument.name, DeliverySchema),
      inflight: connection.model<InflightDocument>(InflightDocument.name, InflightSchema),
      outcomes: connection.model<OutcomeDocument>(OutcomeDocument.name, OutcomeSchema),
    };
    erasure = new SmsErasureRepository(models.inflight, models.outcomes);
  });

  afterAll(async () => {
    await connection?.dropDatabase().catch(() => undefined);
    await connection?.close();
  });

  it('cancels the messages of a chunk no sender holds, and a sweeper that read the chunk before cannot take it over', async () => {
    const [erased, kept] = [sms('c1', 'KBE200001ERA', 1), sms('c1', 'KBE200002KEP', 2)] as [OutboundSms, OutboundSms];
    const lease = new Date(Date.now() - 1_000);
    const chunk = await chunkWith([erased, kept], 'dead-sender/1', lease);
    const readBySweeper = await entryOf(chunk);

    expect(await erasure.cancelInflight('KBE200001ERA')).toEqual({ cancelled: 1, held: [], changed: false });
    expect(await messagesIn(chunk)).toEqual([cancelledSms(erased), kept]);
    // The sweeper's take-over is conditional on the holder and lease it read.
    const stale = await models.inflight.updateOne({ _id: chunk, owner: readBySweeper.owner, leaseUntil: readBySweeper.leaseUntil }, { $set: { owner: 'sweeper/1' } }).exec();
    expect(stale.matchedCount).toBe(0);
    // A take-over from now on gets the cancelled message (in the chunk, for the same requests), and the other as it was.
    const taken = await new DeliveryRepository(models.claims, models.inflight, models.outcomes).takeExpired('sweeper', 60_000);
    expect(taken?.messages).toEqual([
      { ...cancelledSms(erased), inDoubt: true },
      { ...kept, inDoubt: true },
    ]);
    // Done already.
    await models.inflight.deleteOne({ _id: chunk }).exec();
    expect(await erasure.cancelInflight('KBE200001ERA')).toEqual({ cancelled: 0, held: [], changed: false });
  });

  it('cancels them in a chunk a live sender holds too, and says so (its lease left alone)', async () => {
    const lease = new Date(Date.now() + 60_000);
    const chunk = await chunkWith([sms('c2', 'KBE200001ERA', 1), sms('c2', 'KBE200002KEP', 2)], 'live-sender/1', lease);
    expect(await erasure.cancelInflight('KBE200001ERA')).toEqual({ cancelled: 1, held: [chunk], changed: false });
    expect((await entryOf(chunk)).leaseUntil).toEqual(lease);
    expect((await messagesIn(chunk)).map((message) => message.cancelled ?? false)).toEqual([true, false]);
    // Still held, nothing more to cancel.
    expect(await erasure.cancelInflight('KBE200001ERA')).toEqual({ cancelled: 0, held: [chunk], changed: false });
    await models.inflight.deleteOne({ _id: chunk }).exec();
  });

  it('keeps both of two erasures that rewrite one chunk at once', async () => {
    const chunk = await chunkWith([sms('c3', 'KBE200001ERA', 1), sms('c3', 'KBE200003ERA', 3), sms('c3', 'KBE200002KEP', 2)], 'live-sender/2', new Date(Date.now() + 60_000));
    const passes = await Promise.all([erasure.cancelInflight('KBE200001ERA'), erasure.cancelInflight('KBE200003ERA')]);
    // One of them may have lost the race: it says the chunk changed, and its next pass cancels.
    for (const [index, code] of ['KBE200001ERA', 'KBE200003ERA'].entries()) if (passes[index]?.changed) await erasure.cancelInflight(code);
    expect((await messagesIn(chunk)).map((message) => [message.candidateCode, message.cancelled ?? false])).toEqual([
      ['KBE200001ERA', true],
      ['KBE200003ERA', true],
      ['KBE200002KEP', false],
    ]);
    await models.inflight.deleteOne({ _id: chunk }).exec();
  });

  it("masks the candidate's dead letters and receipt entries only", async () => {
    const [erased, kept] = [sms('c4', 'KBE200001ERA', 1), sms('c4', 'KBE200002KEP', 2)] as [OutboundSms, OutboundSms];
    await models.outcomes.collection.insertMany([
      ...[erased, kept].map((message) => ({ _id: message.id as never, campaignId: 'c4', status: 'dead', attempts: 2, reason: 'Provider error', message: JSON.stringify(message) })),
      { _id: 'receipt:r4' as never, campaign: 'c4', numbers: [erased.to, kept.to], ids: [erased.id, kept.id] },
    ]);
    expect(await erasure.scrubOutcomes('KBE200001ERA')).toEqual({ deadLetters: 1, receipts: 1 });
    expect(JSON.parse((await models.outcomes.findById(erased.id).lean<OutcomeDocument>().exec())?.message ?? '')).toEqual({ ...erased, to: '******0001', text: '' });
    expect(JSON.parse((await models.outcomes.findById(kept.id).lean<OutcomeDocument>().exec())?.message ?? '')).toEqual(kept);
    expect(await models.outcomes.collection.findOne({ _id: 'receipt:r4' as never })).toMatchObject({ numbers: ['******0001', kept.to], ids: [erased.id, kept.id] });
    expect(await erasure.scrubOutcomes('KBE200001ERA')).toEqual({ deadLetters: 0, receipts: 0 });
  });
});
