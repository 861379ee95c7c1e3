#!/usr/bin/env node
// SMS fan-out throughput, end to end: from the moment a campaign's `sms.requested` events are
// accepted by Kafka to the provider call of its last recipient, for a 10,000-recipient campaign
// sent by a real notifications-service process to a fake MSG91 (a real HTTP server, no rate
// limit). Baseline in the same run: a bare kafkajs producer/consumer pair moving the same
// 10,000 per-recipient messages through a 6-partition topic (the limit of this machine).
//
//   flock /tmp/kbe-servers.lock node bench/notifications.mjs [runs=3]
//   (NOTIFICATIONS_BENCH_PROFILE=<dir> writes a CPU profile of the service there;
//    NOTIFICATIONS_BENCH_NODE_ARGS='-r ./x.cjs' adds node flags to the service process;
//    NOTIFICATIONS_BENCH_REPLICAS=2 runs that many service processes in one consumer group)
//
// Needs the real servers (`node tools/infra/cli.mjs up`). Prints medians and the ratio, and per
// run the CPU seconds each process on the path spent (this one: producer, consumer, fake
// provider; the service; Kafka; the MongoDB-wire server and the PostgreSQL under it): on two
// cores the sum bounds the rate.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paths } from '../tools/infra/lib/config.mjs';
import { readPidRecord } from '../tools/infra/lib/processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
require(join(root, 'tools/test/ts-register.cjs'));
const { FakeMsg91 } = require(join(root, 'apps/notifications-service/src/testing/fake-msg91.server.ts'));
const { ServiceProcess } = require(join(root, 'apps/notifications-service/src/testing/service-process.ts'));
const { freePort } = require(join(root, 'libs/server/testing/src/lib/local-process.ts'));
const { adminTokenKeys, readInfraEnv } = require(join(root, 'libs/server/testing/src/lib/infra-env.ts'));
const { Kafka, logLevel } = require('kafkajs');
const { MongoClient } = require('mongodb');

const RECIPIENTS = 10_000;
const PER_EVENT = 1_000;
const PARTITIONS = 6;
const runs = Number(process.argv[2] ?? 3);
// NOTIFICATIONS_BENCH_REPLICAS=2: that many service processes in one consumer group, as deployed (helm: replicaCount 2).
const replicas = Number(process.env.NOTIFICATIONS_BENCH_REPLICAS ?? 1);
// NOTIFICATIONS_BENCH_PROFILE=<dir>: the service writes a CPU profile there when it stops.
const profileDir = process.env.NOTIFICATIONS_BENCH_PROFILE;
const infra = readInfraEnv();
const id = `bench${Date.now().toString(36)}`;
const brokers = (infra.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const kafka = new Kafka({ clientId: id, brokers, logLevel: logLevel.NOTHING });
// The servers' pids, from the infra tool's pid records (read once: the servers outlive the bench).
const serverPids = Object.fromEntries(['kafka', 'mongo', 'postgres'].map((name) => [name, readPidRecord(paths().pid(name))?.pid]));

/** The PostgreSQL server under FerretDB: its postmaster and every backend it forked. */
function postgresCpuSeconds() {
  const postmaster = serverPids.postgres;
  if (!postmaster) return 0;
  let seconds = cpuSecondsOf(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) seconds += cpuSecondsOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return seconds;
}

/** CPU seconds a process has run so far, all its threads (scheduler statistics, nanoseconds). */
function cpuSecondsOf(pid) {
  if (!pid) return 0;
  let ns = 0;
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    // gone, or no /proc: counted as 0
  }
  return ns / 1e9;
}

/** CPU seconds spent so far by this process (bench: producer, consumer, fake provider) and the others on the path. */
function cpuSnapshot(servicePids) {
  const own = process.cpuUsage();
  return { bench: (own.user + own.system) / 1e6, service: servicePids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0), kafka: cpuSecondsOf(serverPids.kafka), mongo: cpuSecondsOf(serverPids.mongo), postgres: postgresCpuSeconds() };
}
const cpuSince = (before, after) => Object.fromEntries(Object.keys(before).map((key) => [key, after[key] - before[key]]));
const cpuLine = (cpu) => `${Object.entries(cpu).map(([key, seconds]) => `${key} ${seconds.toFixed(2)}`).join(', ')}; total ${Object.values(cpu).reduce((a, b) => a + b, 0).toFixed(2)} CPU-s`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The per-recipient message as notifications-service puts it on its outbound topic. */
function outbound(run, i) {
  const to = `+919${String(run).padStart(2, '0')}${String(i).padStart(7, '0')}`;
  return {
    key: to,
    value: JSON.stringify({
      id: `bench-${run}:KBE${String(i).padStart(6, '0')}ABC`,
      campaignId: `bench-${run}`,
      messageType: 'custom',
      to,
      text: `KBE Young Scientist: ID KBE${String(i).padStart(6, '0')}ABC exam update`,
      encoding: 'GSM-7',
      segments: 1,
      candidateCode: `KBE${String(i).padStart(6, '0')}ABC`,
    }),
  };
}

async function barePair(run, servicePids) {
  const topic = `${id}.bare-${run}`;
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: PARTITIONS }], waitForLeaders: true });
  await admin.disconnect();
  const consumer = kafka.consumer({ groupId: `${id}.bare-${run}`, maxBytesPerPartition: 128 * 1024 });
  const producer = kafka.producer();
  await Promise.all([consumer.connect(), producer.connect()]);
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  let received = 0;
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
  await consumer.run({
    partitionsConsumedConcurrently: PARTITIONS,
    eachBatch: async ({ batch }) => {
      received += batch.messages.length;
      if (received >= RECIPIENTS) done(performance.now());
    },
  });
  await joined;
  const messages = Array.from({ length: RECIPIENTS }, (_, i) => outbound(run, i));
  const cpuBefore = cpuSnapshot(servicePids);
  const start = performance.now();
  for (let i = 0; i < messages.length; i += PER_EVENT) await producer.send({ topic, acks: -1, messages: messages.slice(i, i + PER_EVENT) });
  const end = await finished;
  const cpu = cpuSince(cpuBefore, cpuSnapshot(servicePids));
  await Promise.all([consumer.disconnect(), producer.disconnect()]);
  return { rate: RECIPIENTS / ((end - start) / 1000), cpu };
}

async function publishCampaign(producer, campaignId, count, offset) {
  const topic = `${id}.sms.requested`;
  for (let start = 0; start < count; start += PER_EVENT) {
    const recipients = Array.from({ length: Math.min(PER_EVENT, count - start) }, (_, k) => {
      const i = offset + start + k;
      return { phoneNumber: `9${String(i).padStart(9, '0')}`, candidateCode: `KBE${String(i).padStart(6, '0')}ABC` };
    });
    const payload = { campaignId, messageType: 'custom', audience: { kind: 'recipients', recipients }, message: 'KBE Young Scientist: ID {candidateCode} exam update', requestedBy: 'bench' };
    const envelope = { id: randomUUID(), topic: 'sms.requested', occurredAt: new Date().toISOString(), payload };
    await producer.send({ topic, acks: -1, messages: [{ key: campaignId, value: JSON.stringify(envelope) }] });
  }
}

async function waitForSms(fake, total, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (fake.totalSms < total) {
    if (Date.now() > deadline) throw new Error(`only ${fake.totalSms} of ${total} SMS reached the fake provider`);
    await sleep(20);
  }
}

/** Drops what the run created: its databases and topics (all named after the run id). */
async function cleanUp() {
  const mongo = await MongoClient.connect(infra.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
  try {
    const { databases } = await mongo.db().admin().listDatabases();
    for (const { name } of databases.filter((db) => db.name.startsWith(id))) await mongo.db(name).dropDatabase();
  } finally {
    await mongo.close();
  }
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(id));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}

async function main() {
  const authKey = randomUUID();
  const fake = new FakeMsg91({ authKey, idempotencyHeader: 'Idempotency-Key' });
  const baseUrl = await fake.start();
  const serviceEnv = {
    ...infra,
    MONGODB_DB_PREFIX: id,
    KAFKA_TOPIC_PREFIX: `${id}.`,
    ...adminTokenKeys(),
    INTERNAL_API_TOKEN: randomUUID(),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SMS_PROVIDER: 'http',
    SMS_HTTP_BASE_URL: baseUrl,
    SMS_HTTP_AUTH_KEY: authKey,
    SMS_SENDER_ID: 'KBEYSC',
    SMS_DLT_ENTITY_ID: '1201160000000000001',
    SMS_DLT_TEMPLATES: JSON.stringify({ custom: { templateId: '1207160000000000001', text: 'KBE Young Scientist: {#var#}' } }),
    SMS_HTTP_IDEMPOTENCY_HEADER: 'Idempotency-Key',
    SMS_RATE_LIMIT_PER_SECOND: '0',
    SMS_OUTBOUND_PARTITIONS: String(PARTITIONS),
    SMS_STATS_REPORT_INTERVAL_MS: '0',
  };
  const nodeArgs = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...(process.env.NOTIFICATIONS_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  const services = [];
  for (let i = 1; i <= replicas; i += 1) services.push(new ServiceProcess(`notifications-bench-${i}`, serviceEnv, await freePort(), nodeArgs));
  const producer = kafka.producer({ allowAutoTopicCreation: true });
  try {
    await Promise.all(services.map((service) => service.start()));
    await producer.connect();
    // Warm-up of both sides, not counted: topics, consumer groups, connections, and the JIT (a campaign of the full
    // size: after a small warm-up the first measured run still spent far more CPU than the later ones).
    await publishCampaign(producer, `${id}-warmup`, RECIPIENTS, 900_000_000);
    await waitForSms(fake, RECIPIENTS);
    await barePair(0, services.map((service) => service.pid));

    const pipeline = [];
    const bare = [];
    for (let run = 1; run <= runs; run += 1) {
      const servicePids = services.map((service) => service.pid);
      const pair = await barePair(run, servicePids);
      bare.push(pair.rate);
      const before = fake.totalSms;
      // The service's own work is counted whatever else it does while the run's SMS go out (the bare pair's service is idle).
      const cpuBefore = cpuSnapshot(servicePids);
      const start = performance.now();
      await publishCampaign(producer, `${id}-run${run}`, RECIPIENTS, run * 1_000_000);
      await waitForSms(fake, before + RECIPIENTS);
      pipeline.push(RECIPIENTS / ((fake.lastAcceptedAt - start) / 1000));
      const cpu = cpuSince(cpuBefore, cpuSnapshot(servicePids));
      console.log(`run ${run}: notifications-service ${pipeline.at(-1).toFixed(0)} msg/s, bare kafkajs pair ${bare.at(-1).toFixed(0)} msg/s`);
      console.log(`  CPU, bare pair:             ${cpuLine(pair.cpu)}`);
      console.log(`  CPU, notifications-service: ${cpuLine(cpu)}`);
    }
    const duplicates = [...fake.smsPerNumber.values()].filter((count) => count !== 1).length;
    const p = median(pipeline);
    const b = median(bare);
    console.log(`\n${RECIPIENTS} recipients per campaign, ${runs} runs, medians:`);
    console.log(`  notifications-service end to end (event accepted -> provider call): ${p.toFixed(0)} msg/s`);
    console.log(`  bare kafkajs producer/consumer pair, same messages:               ${b.toFixed(0)} msg/s`);
    console.log(`  ratio: ${(p / b).toFixed(2)}x  (targets: >= 2000 msg/s ${p >= 2000 ? 'met' : 'NOT met'}, >= 0.5x ${p / b >= 0.5 ? 'met' : 'NOT met'})`);
    console.log(`  recipients with other than exactly one SMS: ${duplicates}`);
    console.log(`  machine: ${cpus().length} cores, load average ${loadavg().map((value) => value.toFixed(1)).join(' / ')} (1 / 5 / 15 min)`);
  } finally {
    await producer.disconnect().catch(() => undefined);
    await Promise.all(services.map((service) => service.stop()));
    await fake.stop();
    await cleanUp().catch((error) => console.warn(`clean-up failed: ${error instanceof Error ? error.message : String(error)}`));
    if (process.env.NOTIFICATIONS_BENCH_SERVICE_LOG) console.log(`\nservice output (tail):\n${services.map((service) => service.log).join('\n')}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
