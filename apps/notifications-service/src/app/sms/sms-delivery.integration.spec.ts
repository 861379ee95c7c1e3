import { loadConfig } from '@kbe/server-config';
import { createKafkaClient, topicName, type EventEnvelope } from '@kbe/server-messaging';
import { adminTokenFor, freePort, infraControl, isolatedInfraEnv, waitFor } from '@kbe/server-testing';
import type { SmsRequestedPayload } from '@kbe/contracts';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Producer } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { FakeMsg91, type FakeAnswer } from '../../testing/fake-msg91.server';
import { ServiceProcess } from '../../testing/service-process';
import { notificationsEnvSchema } from '../notifications.config';

/**
 * SMS fan-out end to end against the real Kafka and MongoDB wire server: notifications-service
 * runs as real child processes (killed, stopped, doubled), the provider is a fake MSG91 that is
 * a real HTTP server. Each campaign goes to 10,000 distinct recipients, published as
 * `sms.requested` events of 1,000 listed recipients (the most one event may carry).
 */
describe('SMS delivery: every recipient gets exactly one SMS', () => {
  const RECIPIENTS = 10_000;
  const CHUNK = 1_000;
  const authKey = randomUUID();
  const webhookToken = `${randomUUID()}${randomUUID()}`;
  const fake = new FakeMsg91({ authKey, idempotencyHeader: 'Idempotency-Key' });
  // admin-service's revocation lookup (`GET /internal/auth/tokens/:jti`): the ids in `revoked` were logged out.
  const revoked = new Set<string>();
  const adminLookup: Server = createServer((request, response) => {
    const jti = /^\/internal\/auth\/tokens\/([^/?]+)/.exec(request.url ?? '')?.[1];
    response.writeHead(jti ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(jti ? { revoked: revoked.has(decodeURIComponent(jti)) } : { message: 'not found' }));
  });
  const infra = isolatedInfraEnv();
  let env: Record<string, string>;
  let producer: Producer;
  let mongo: MongoClient;
  let adminToken: string;
  const processes: ServiceProcess[] = [];
  let campaign1 = '';

  const config = loadConfig(notificationsEnvSchema, infra);
  const kafka = createKafkaClient({ clientId: 'sms-delivery-test', brokers: config.KAFKA_BROKERS });

  /** 10,000 numbers of their own per campaign: +91 9<campaign 2 digits><7 digits>. */
  const recipientsOf = (campaign: number) =>
    Array.from({ length: RECIPIENTS }, (_, i) => ({
      phoneNumber: `9${String(campaign).padStart(2, '0')}${String(i).padStart(7, '0')}`,
      candidateCode: `KBE${String(campaign).padStart(2, '0')}${String(i).padStart(4, '0')}ABC`,
    }));

  async function publishCampaign(campaign: number): Promise<string> {
    const campaignId = `campaign-${campaign}-${randomUUID()}`;
    const recipients = recipientsOf(campaign);
    const topic = topicName(config.KAFKA_TOPIC_PREFIX, 'sms.requested');
    for (let start = 0; start < recipients.length; start += CHUNK) {
      const payload: SmsRequestedPayload = {
        campaignId,
        messageType: 'custom',
        audience: { kind: 'recipients', recipients: recipients.slice(start, start + CHUNK) },
        message: 'KBE Young Scientist: ID {candidateCode} exam update',
        requestedBy: 'it-admin',
      };
      const envelope: EventEnvelope<SmsRequestedPayload> = { id: randomUUID(), topic: 'sms.requested', occurredAt: new Date().toISOString(), payload };
      await producer.send({ topic, acks: -1, messages: [{ key: campaignId, value: JSON.stringify(envelope), headers: { 'event-id': envelope.id } }] });
    }
    return campaignId;
  }

  const smsReceivedBy = (campaign: number) => recipientsOf(campaign).map(({ phoneNumber }) => fake.smsPerNumber.get(`91${phoneNumber}`) ?? 0);
  const receivedCount = (campaign: number) => smsReceivedBy(campaign).filter((count) => count > 0).length;

  async function stats(service: ServiceProcess, campaignId: string) {
    const response = await fetch(`${service.baseUrl}/api/notifications/campaigns/${encodeURIComponent(campaignId)}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (!response.ok) throw new Error(`stats answered ${response.status}`);
    return ((await response.json()) as { data: { queued: number; sent: number; delivered: number; failed: number; failures: unknown[]; pending: number; expanded: boolean } }).data;
  }

  /**
   * The campaign's counts once every message is accounted for. The outcomes are written after
   * the provider answered (a chunk at a time, behind the sender's other writes): on a loaded
   * machine that takes a while, so this waits as long as the counts keep moving and fails only
   * after 60 s without any change (a stuck campaign), with the counts it saw last.
   */
  async function settled(service: ServiceProcess, campaignId: string) {
    let last = '';
    let changedAt = Date.now();
    for (;;) {
      const current = await stats(service, campaignId).catch((error: unknown) => error as Error);
      if (!(current instanceof Error) && current.sent === RECIPIENTS && current.pending === 0) return current;
      const seen = JSON.stringify(current instanceof Error ? current.message : current);
      if (seen !== last) {
        last = seen;
        changedAt = Date.now();
      } else if (Date.now() - changedAt > 60_000) {
        throw new Error(`The campaign counts stopped moving for 60 s before settling: ${seen}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  /** Every recipient got exactly one SMS, and the campaign's counts say exactly what the provider received. */
  async function expectDeliveredExactlyOnce(service: ServiceProcess, campaign: number, campaignId: string): Promise<void> {
    await waitFor(() => receivedCount(campaign) === RECIPIENTS, { timeoutMs: 240_000, intervalMs: 500, what: `all ${RECIPIENTS} recipients of campaign ${campaign} to get an SMS` });
    const final = await settled(service, campaignId);
    const perRecipient = smsReceivedBy(campaign);
    expect(perRecipient.filter((count) => count !== 1)).toEqual([]);
    expect(final).toMatchObject({ queued: RECIPIENTS, sent: RECIPIENTS, failed: 0, pending: 0, expanded: true });
    expect(final.sent).toBe(perRecipient.reduce((sum, count) => sum + count, 0));
  }

  /** The first consumer process, started by the first test that needs it. */
  async function serviceA(): Promise<ServiceProcess> {
    return processes[0] ?? startService('notifications-a');
  }

  async function startService(name: string): Promise<ServiceProcess> {
    const service = new ServiceProcess(name, env, await freePort());
    processes.push(service);
    await service.start();
    return service;
  }

  beforeAll(async () => {
    const baseUrl = await fake.start();
    await new Promise<void>((resolve) => adminLookup.listen(0, '127.0.0.1', resolve));
    env = {
      ...infra,
      ADMIN_SERVICE_URL: `http://127.0.0.1:${(adminLookup.address() as AddressInfo).port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SMS_PROVIDER: 'http',
      SMS_HTTP_BASE_URL: baseUrl,
      SMS_HTTP_AUTH_KEY: authKey,
      SMS_SENDER_ID: 'KBEYSC',
      SMS_DLT_ENTITY_ID: '1201160000000000001',
      SMS_DLT_TEMPLATES: JSON.stringify({ custom: { templateId: '1207160000000000001', text: 'KBE Young Scientist: {#var#}' } }),
      SMS_HTTP_IDEMPOTENCY_HEADER: 'Idempotency-Key',
      // Several recipients per request, few enough that a campaign makes 2,000 calls: the
      // transient-failure test needs hundreds of failed calls of each kind.
      SMS_HTTP_BATCH_SIZE: '5',
      // Small fetches (about 370 messages per partition), so a sender holds a fraction of a campaign
      // in memory: with Kafka stopped it cannot finish the campaign from what it already fetched.
      SMS_FETCH_BYTES_PER_PARTITION: String(128 * 1024),
      SMS_RATE_LIMIT_PER_SECOND: '5000',
      SMS_MAX_ATTEMPTS: '8',
      SMS_RETRY_BASE_MS: '100',
      SMS_RETRY_MAX_MS: '2000',
      SMS_PROVIDER_TIMEOUT_MS: '1500',
      SMS_LEASE_MS: '10000',
      SMS_SWEEP_INTERVAL_MS: '1000',
      SMS_STATS_REPORT_INTERVAL_MS: '0',
      SMS_WEBHOOK_TOKEN: webhookToken,
    };
    producer = kafka.producer({ allowAutoTopicCreation: true });
    await producer.connect();
    mongo = await MongoClient.connect(config.MONGODB_URI);
    adminToken = adminTokenFor(infra);
  }, 120_000);

  afterAll(async () => {
    for (const service of processes) await service.stop().catch(() => undefined);
    await producer?.disconnect().catch(() => undefined);
    // The service's database is `<prefix>-notifications` (libs/server/database databaseName).
    await mongo?.db(`${config.MONGODB_DB_PREFIX}-notifications`).dropDatabase().catch(() => undefined);
    await mongo?.close();
    await fake.stop();
    await new Promise((resolve) => adminLookup.close(resolve));
  }, 120_000);

  it('delivers a 10,000-recipient campaign with one consumer process', async () => {
    const service = await serviceA();
    campaign1 = await publishCampaign(1);
    await expectDeliveredExactlyOnce(service, 1, campaign1);
    expect(fake.answers.rejected).toBe(0);
  }, 300_000);

  it('answers 401 to the campaign counts and the re-drive without an admin token, and to a delivery report without its token', async () => {
    const service = await serviceA();
    expect((await fetch(`${service.baseUrl}/api/notifications/campaigns/x`)).status).toBe(401);
    expect((await fetch(`${service.baseUrl}/api/notifications/dead-letters/redrive`, { method: 'POST' })).status).toBe(401);
    const report = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([{ requestId: 'r', report: [{ status: '1' }] }]) };
    expect((await fetch(`${service.baseUrl}/api/notifications/delivery-reports`, report)).status).toBe(401);
    expect((await fetch(`${service.baseUrl}/api/notifications/delivery-reports?token=wrong`, report)).status).toBe(401);

    // A token that was logged out at admin-service is refused here too.
    const loggedOut = adminTokenFor(infra, 'logged-out-admin');
    const payload = JSON.parse(Buffer.from(loggedOut.split('.')[1] ?? '', 'base64url').toString()) as { jti: string };
    revoked.add(payload.jti);
    const answer = await fetch(`${service.baseUrl}/api/notifications/campaigns/x`, { headers: { authorization: `Bearer ${loggedOut}` } });
    expect(answer.status).toBe(401);
  });

  it("counts the provider's delivery reports: delivered, and undelivered with its reason", async () => {
    const service = processes[0] as ServiceProcess;
    const [first, second] = fake.requests as [{ requestId: string; numbers: string[] }, { requestId: string; numbers: string[] }];
    const response = await fetch(`${service.baseUrl}/api/notifications/delivery-reports?token=${webhookToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        data: [
          { requestId: first.requestId, report: [{ number: first.numbers[0], status: '1', desc: 'DELIVERED' }] },
          { requestId: second.requestId, report: [{ number: second.numbers[1], status: '16', desc: 'REJECTED' }] },
        ],
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { updated: 2 } });
    expect(await stats(service, campaign1)).toMatchObject({ queued: RECIPIENTS, sent: RECIPIENTS - 1, delivered: 1, failed: 1, failures: [{ reason: 'Undelivered: REJECTED', count: 1 }] });
  });

  it('delivers with two consumer processes sharing the work', async () => {
    const a = await serviceA();
    await startService('notifications-b');
    const campaignId = await publishCampaign(2);
    await expectDeliveredExactlyOnce(a, 2, campaignId);
  }, 300_000);

  it('delivers while the provider fails 20% of calls transiently (500, 429 with Retry-After, no answer)', async () => {
    const a = await serviceA();
    const failures: FakeAnswer[] = ['500', '429', 'hang'];
    let n = 0;
    fake.setDecide(({ failuresSoFar }) => {
      n += 1;
      return failuresSoFar < 2 && n % 5 === 0 ? (failures[Math.floor(n / 5) % 3] as FakeAnswer) : 'accept';
    });
    const before = { ...fake.answers };
    try {
      const campaignId = await publishCampaign(3);
      await expectDeliveredExactlyOnce(a, 3, campaignId);
    } finally {
      fake.setDecide(undefined);
    }
    expect(fake.answers['500'] - before['500']).toBeGreaterThan(100);
    expect(fake.answers['429'] - before['429']).toBeGreaterThan(100);
    expect(fake.answers.hang - before.hang).toBeGreaterThan(100);
  }, 300_000);

  it('delivers when the consumer process is killed mid-campaign and restarted (after the other stopped gracefully)', async () => {
    const a = await serviceA();
    await processes[1]?.stop();
    // A slower gateway (at most 64 calls of 5 in flight: 1,600 SMS/s), so the campaign is still under way when the process dies.
    fake.delayMs = 200;
    try {
      const campaignId = await publishCampaign(4);
      await waitFor(() => receivedCount(4) >= 2_000, { timeoutMs: 120_000, intervalMs: 50, what: 'the campaign to be under way' });
      await a.kill();
      expect(receivedCount(4)).toBeLessThan(RECIPIENTS);
      await a.start();
      await expectDeliveredExactlyOnce(a, 4, campaignId);
    } finally {
      fake.delayMs = 0;
    }
  }, 300_000);

  it('delivers when Kafka is stopped for 20 s in the middle of the campaign', async () => {
    const a = await serviceA();
    fake.delayMs = 200;
    try {
      const campaignId = await publishCampaign(5);
      await waitFor(() => receivedCount(5) >= 1_000, { timeoutMs: 120_000, intervalMs: 50, what: 'the campaign to be under way' });
      await infraControl('stop', 'kafka');
      try {
        await new Promise((resolve) => setTimeout(resolve, 20_000));
        expect(receivedCount(5)).toBeLessThan(RECIPIENTS);
      } finally {
        await infraControl('start', 'kafka');
      }
      await expectDeliveredExactlyOnce(a, 5, campaignId);
    } finally {
      fake.delayMs = 0;
    }
  }, 400_000);
});
