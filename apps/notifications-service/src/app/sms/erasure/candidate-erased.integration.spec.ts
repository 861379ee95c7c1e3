import { createEventEnvelope, type SmsRequestedPayload } from '@kbe/contracts';
import { loadConfig } from '@kbe/server-config';
import { createKafkaClient, EVENT_ID_HEADER, EVENT_TOPIC_HEADER, topicName } from '@kbe/server-messaging';
import { adminTokenFor, freePort, isolatedInfraEnv, waitFor } from '@kbe/server-testing';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Producer } from 'kafkajs';
import { Binary, MongoClient, type Db } from 'mongodb';
import { FakeMsg91 } from '../../../testing/fake-msg91.server';
import { ServiceProcess } from '../../../testing/service-process';
import { notificationsEnvSchema } from '../../notifications.config';
import type { OutboundSms } from '../delivery/outbound-message';
import { packMessages, unpackMessages } from '../delivery/packed-messages';
import { CANCELLED_ERASED } from '../delivery/sms.dispatcher';

const ERASED = { candidateCode: 'KBE100001ERA', phoneNumber: '9123400001' };
const KEPT = { candidateCode: 'KBE100002KEP', phoneNumber: '9123400002' };
const TEMPLATE = 'KBE Young Scientist: ID {candidateCode} exam update';
const textOf = (candidateCode: string) => TEMPLATE.replace('{candidateCode}', candidateCode);

interface CampaignStats {
  queued: number;
  sent: number;
  delivered: number;
  failed: number;
  failures: Array<{ reason: string; count: number }>;
  pending: number;
}

/**
 * notifications-service (a real child process, real Kafka and MongoDB wire server, a fake MSG91
 * that is a real HTTP server) on `candidate.erased`, published as registration-service's outbox
 * relay publishes it: what it kept of two candidates' SMS (a campaign sent and delivered, one
 * given up on, a chunk still waiting in flight), and what is left of each after one is erased.
 */
describe('notifications-service on candidate.erased', () => {
  const authKey = randomUUID();
  const webhookToken = `${randomUUID()}${randomUUID()}`;
  const fake = new FakeMsg91({ authKey, idempotencyHeader: 'Idempotency-Key' });
  // admin-service's revocation lookup: no token is revoked.
  const adminLookup: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ revoked: false }));
  });
  const infra = isolatedInfraEnv();
  const config = loadConfig(notificationsEnvSchema, infra);
  const kafka = createKafkaClient({ clientId: 'sms-erasure-test', brokers: config.KAFKA_BROKERS });
  let producer: Producer;
  let mongo: MongoClient;
  let db: Db;
  let service: ServiceProcess;
  let adminToken: string;

  async function stats(campaignId: string): Promise<CampaignStats> {
    const response = await fetch(`${service.baseUrl}/api/notifications/campaigns/${encodeURIComponent(campaignId)}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (!response.ok) throw new Error(`stats answered ${response.status}`);
    return ((await response.json()) as { data: CampaignStats }).data;
  }

  async function sendCampaign(): Promise<string> {
    const campaignId = `campaign-${randomUUID()}`;
    const payload: SmsRequestedPayload = { campaignId, messageType: 'custom', audience: { kind: 'recipients', recipients: [ERASED, KEPT] }, message: TEMPLATE, requestedBy: 'it-admin' };
    const envelope = createEventEnvelope('sms.requested', payload);
    await producer.send({ topic: topicName(config.KAFKA_TOPIC_PREFIX, 'sms.requested'), acks: -1, messages: [{ key: campaignId, value: JSON.stringify(envelope) }] });
    return campaignId;
  }

  /** As registration-service's outbox relay publishes it (candidate-eraser.ts: its id, its key). */
  async function publishErased(value: string): Promise<void> {
    const id = `candidate-erased:withdrawal:${ERASED.candidateCode}`;
    const topic = topicName(config.KAFKA_TOPIC_PREFIX, 'candidate.erased');
    await producer.send({ topic, acks: -1, messages: [{ key: ERASED.candidateCode, value, headers: { [EVENT_ID_HEADER]: id, [EVENT_TOPIC_HEADER]: 'candidate.erased' } }] });
  }
  const erasedEvent = createEventEnvelope(
    'candidate.erased',
    { candidateCode: ERASED.candidateCode, erasedAt: new Date().toISOString(), reason: 'withdrawal' },
    { id: `candidate-erased:withdrawal:${ERASED.candidateCode}` },
  );

  /** Every document of the service's database as text, the in-flight chunks' packed messages unpacked. */
  async function everythingStored(): Promise<string> {
    const texts: string[] = [];
    for (const { name } of await db.listCollections().toArray()) {
      for (const doc of await db.collection(name).find({}).toArray()) {
        const packed = doc['packed'] instanceof Binary ? unpackMessages(doc['packed']) : undefined;
        texts.push(JSON.stringify({ ...doc, ...(packed ? { packed } : {}) }));
      }
    }
    return texts.join('\n');
  }
  const deadLetterOf = async (campaignId: string, candidateCode: string) =>
    JSON.parse(((await db.collection('sms_outcomes').findOne({ _id: `${campaignId}:${candidateCode}` as never })) as unknown as { message: string }).message) as OutboundSms;
  /** The number each message of a campaign was sent to, as the provider's receipts keep it. */
  async function receiptNumbers(campaignId: string): Promise<Record<string, string>> {
    const receipts = await db.collection<{ campaign: string; numbers: string[]; ids: string[] }>('sms_outcomes').find({ campaign: campaignId }).toArray();
    return Object.fromEntries(receipts.flatMap(({ numbers, ids }) => ids.map((id, index) => [id, numbers[index] ?? ''])));
  }
  const smsTo = (candidate: { phoneNumber: string }) => fake.smsPerNumber.get(`91${candidate.phoneNumber}`) ?? 0;
  /** `candidate.erased` events the service's consumer group is done with (its committed offset). */
  async function erasedEventsHandled(): Promise<number> {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const [topic] = await admin.fetchOffsets({ groupId: `${config.KAFKA_TOPIC_PREFIX}notifications-service`, topics: [topicName(config.KAFKA_TOPIC_PREFIX, 'candidate.erased')] });
      return (topic?.partitions ?? []).reduce((sum, { offset }) => sum + Math.max(0, Number(offset)), 0);
    } finally {
      await admin.disconnect();
    }
  }

  beforeAll(async () => {
    const baseUrl = await fake.start();
    await new Promise<void>((resolve) => adminLookup.listen(0, '127.0.0.1', resolve));
    producer = kafka.producer({ allowAutoTopicCreation: true });
    await producer.connect();
    mongo = await MongoClient.connect(config.MONGODB_URI);
    db = mongo.db(`${config.MONGODB_DB_PREFIX}-notifications`);
    adminToken = adminTokenFor(infra);
    service = new ServiceProcess('notifications-erasure', {
      ...infra,
      ADMIN_SERVICE_URL: `http://127.0.0.1:${(adminLookup.address() as AddressInfo).port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SMS_PROVIDER: 'http',
      SMS_HTTP_BASE_URL: baseUrl,
      SMS_HTTP_AUTH_KEY: authKey,
      SMS_SENDER_ID: 'KBEYSC',
      SMS_DLT_ENTITY_ID: '1201160000000000001',
      SMS_DLT_TEMPLATES: JSON.stringify({ custom: { templateId: '1207160000000000001', text: 'KBE Young Scientist: {#var#}' } }),
      SMS_HTTP_IDEMPOTENCY_HEADER: 'Idempotency-Key',
      SMS_RATE_LIMIT_PER_SECOND: '0',
      SMS_MAX_ATTEMPTS: '2',
      SMS_RETRY_BASE_MS: '50',
      SMS_RETRY_MAX_MS: '100',
      SMS_SWEEP_INTERVAL_MS: '500',
      SMS_STATS_REPORT_INTERVAL_MS: '0',
      SMS_WEBHOOK_TOKEN: webhookToken,
    }, await freePort());
    await service.start();
  }, 120_000);

  afterAll(async () => {
    await service?.stop().catch(() => undefined);
    await producer?.disconnect().catch(() => undefined);
    await db?.dropDatabase().catch(() => undefined);
    await mongo?.close();
    await fake.stop();
    await new Promise((resolve) => adminLookup.close(resolve));
  }, 120_000);

  it("takes the erased candidate's number and texts out of every record, keeps the other's, and the campaign counts", async () => {
    // A campaign sent to both, and delivered (the provider's reports).
    const delivered = await sendCampaign();
    await waitFor(async () => (await stats(delivered)).sent === 2 || undefined, { timeoutMs: 60_000, what: 'the first campaign to be sent' });
    // (One request per number or both in one: the outbound topic spreads messages over partitions by number.)
    const reports = fake.requests.map(({ requestId, numbers }) => ({ requestId, report: numbers.map((number) => ({ number, status: '1', desc: 'DELIVERED' })) }));
    const reported = await fetch(`${service.baseUrl}/api/notifications/delivery-reports?token=${webhookToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: reports }),
    });
    expect(await reported.json()).toEqual({ success: true, data: { updated: 2 } });

    // A campaign the provider never took: both messages given up on (dead letters, with their number and text).
    fake.setDecide(() => '500');
    const givenUp = await sendCampaign();
    try {
      await waitFor(async () => (await stats(givenUp)).failed === 2 || undefined, { timeoutMs: 60_000, what: 'the second campaign to be given up on' });
    } finally {
      fake.setDecide(undefined);
    }

    // A chunk of a third campaign waiting in flight, held by a sender that died: taken over when its lease runs out.
    const waiting = `campaign-${randomUUID()}`;
    const chunk = randomUUID();
    const messages: OutboundSms[] = [ERASED, KEPT].map(({ candidateCode, phoneNumber }) => ({
      id: `${waiting}:${candidateCode}`,
      campaignId: waiting,
      messageType: 'custom',
      to: `+91${phoneNumber}`,
      text: textOf(candidateCode),
      encoding: 'GSM-7',
      segments: 1,
      candidateCode,
    }));
    await db.collection('sms_fanout_steps').insertOne({
      _id: `${waiting}#` as never,
      eventId: waiting,
      campaignId: waiting,
      to: null,
      queued: 2,
      rejected: 0,
      at: new Date(),
      messageType: 'custom',
      audience: 'recipients',
      requestedBy: 'it-admin',
    });
    await db.collection('sms_deliveries').insertMany(messages.map((message) => ({ _id: message.id as never, chunk })));
    await db.collection('sms_inflight').insertOne({ _id: chunk as never, owner: 'dead-sender:1/0000', leaseUntil: new Date(Date.now() + 12_000), packed: packMessages(messages) });

    const before = { delivered: await stats(delivered), givenUp: await stats(givenUp) };
    expect(before.delivered).toMatchObject({ queued: 2, sent: 2, delivered: 2, failed: 0, pending: 0 });
    expect(before.givenUp).toMatchObject({ queued: 2, sent: 0, failed: 2, pending: 0 });
    expect(await everythingStored()).toContain(ERASED.phoneNumber);
    const sentBefore = { erased: smsTo(ERASED), kept: smsTo(KEPT) };

    // A malformed event first, on the same partition: skipped, and the erasure behind it still runs.
    await publishErased(JSON.stringify({ ...erasedEvent, payload: { candidateCode: ERASED.candidateCode } }));
    await publishErased(JSON.stringify(erasedEvent));
    await waitFor(async () => (await erasedEventsHandled()) === 2 || undefined, { timeoutMs: 90_000, what: 'the erasure to be carried out' });
    expect(service.log).toContain('skipped a malformed candidate.erased event');
    expect(service.log).toContain(`erased the SMS data of ${ERASED.candidateCode} (withdrawal, event ${erasedEvent.id}): 1 message(s) cancelled before sending`);

    // The waiting chunk is taken over: the kept candidate's message is sent, the erased one's is not.
    await waitFor(async () => (await stats(waiting)).pending === 0 || undefined, { timeoutMs: 60_000, what: 'the waiting chunk to be finished' });
    expect(await stats(waiting)).toMatchObject({ queued: 2, sent: 1, failed: 1, failures: [{ reason: CANCELLED_ERASED, count: 1 }], pending: 0 });
    expect({ erased: smsTo(ERASED), kept: smsTo(KEPT) }).toEqual({ erased: sentBefore.erased, kept: sentBefore.kept + 1 });

    // Nothing stored holds the erased candidate's number or a text sent to it; the other's are all there.
    const stored = await everythingStored();
    expect(stored).not.toContain(ERASED.phoneNumber);
    expect(stored).not.toContain(textOf(ERASED.candidateCode));
    expect(await deadLetterOf(givenUp, ERASED.candidateCode)).toMatchObject({ to: '******0001', text: '', candidateCode: ERASED.candidateCode });
    expect(await deadLetterOf(givenUp, KEPT.candidateCode)).toMatchObject({ to: `+91${KEPT.phoneNumber}`, text: textOf(KEPT.candidateCode) });
    expect(await receiptNumbers(delivered)).toEqual({ [`${delivered}:${ERASED.candidateCode}`]: '******0001', [`${delivered}:${KEPT.candidateCode}`]: `+91${KEPT.phoneNumber}` });

    // What an admin sees of the campaigns has not changed.
    expect({ delivered: await stats(delivered), givenUp: await stats(givenUp) }).toEqual(before);

    // The same event again (a redelivery): nothing left to change.
    await publishErased(JSON.stringify(erasedEvent));
    await waitFor(async () => (await erasedEventsHandled()) === 3 || undefined, { timeoutMs: 60_000, what: 'the repeated erasure' });
    expect(service.log).toContain('0 message(s) cancelled before sending, 0 dead letter(s) and 0 provider receipt(s) masked');
    expect(await everythingStored()).toBe(stored);
    expect({ delivered: await stats(delivered), givenUp: await stats(givenUp) }).toEqual(before);
  }, 300_000);
});
