// Integration test of tools/infra against the REAL servers it starts (node --test).
//   node --test tools/infra/infra.integration.test.mjs
// It uses $KBE_INFRA_HOME (default ~/.cache/kbe-infra) and leaves the servers running, as other
// suites use them; everything it creates has a unique name and is removed again.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import kafkajs from 'kafkajs';
import * as Minio from 'minio';
import { MongoClient } from 'mongodb';
import { chromium } from 'playwright-core';
import { readInfraEnv, status, up } from './index.mjs';
import { settings } from './lib/config.mjs';
import { CHROMIUM_ARGS } from './servers/chromium.server.mjs';
import { findPostgres } from './servers/postgres.server.mjs';

const { Kafka, logLevel } = kafkajs;
const runId = `infra-test-${Date.now()}-${randomBytes(3).toString('hex')}`;
const log = (line) => process.stderr.write(`  ${line}\n`);

let first;
let env;
const cleanups = [];

before(async () => {
  first = await up({ log });
  env = readInfraEnv();
}, { timeout: 60 * 60_000 });

after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => log(`cleanup failed: ${error.message}`));
});

test('after up every server is running and the env file names them', async () => {
  const result = await status();
  assert.deepEqual(result.servers.map((s) => [s.name, s.state]), [
    ['postgres', 'running'], ['mongo', 'running'], ['kafka', 'running'], ['minio', 'running'], ['chromium', 'installed'],
  ]);
  assert.match(env.POSTGRES_URL, /^postgres:\/\/\w+@127\.0\.0\.1:\d+\/ferretdb$/);
  assert.equal(result.ok, true);
  assert.match(env.MONGODB_URI, /^mongodb:\/\/127\.0\.0\.1:\d+$/);
  assert.match(env.KAFKA_BROKERS, /^127\.0\.0\.1:\d+$/);
  assert.match(env.MINIO_ENDPOINT, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.ok(env.MINIO_ACCESS_KEY.length >= 3 && env.MINIO_SECRET_KEY.length >= 8);
  assert.equal(typeof env.CHROMIUM_PATH, 'string');
});

test('a second up starts nothing new and keeps the same pids', async () => {
  const second = await up({ log });
  assert.deepEqual(second.servers.filter((s) => s.started), []);
  const pids = (r) => Object.fromEntries(r.servers.filter((s) => s.pid).map((s) => [s.name, s.pid]));
  assert.deepEqual(pids(second), pids(first));
  assert.deepEqual(Object.keys(pids(second)), ['postgres', 'mongo', 'kafka', 'minio']);
});

test('MongoDB wire (FerretDB): ping, unique index, insert and find through the mongodb driver', async () => {
  const client = new MongoClient(env.MONGODB_URI, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  try {
    const db = client.db(runId);
    assert.equal((await db.command({ ping: 1 })).ok, 1);
    const hello = await db.admin().command({ hello: 1 });
    assert.ok(hello.maxWireVersion >= 17, `maxWireVersion ${hello.maxWireVersion} is too old for mongoose 9's driver`);
    const people = db.collection('people');
    await people.createIndex({ email: 1 }, { unique: true });
    await people.insertOne({ email: 'asha@example.org', name: 'Asha' });
    assert.equal((await people.findOne({ email: 'asha@example.org' }))?.name, 'Asha');
    await assert.rejects(people.insertOne({ email: 'asha@example.org', name: 'Other' }), (/** @type {{ code?: number }} */ error) => error.code === 11000);
    await db.dropDatabase();
  } finally {
    await client.close();
  }
});

/** One SQL answer from the PostgreSQL cluster under FerretDB. */
function psql(command) {
  return execFileSync(`${findPostgres().bin}/psql`, [env.POSTGRES_URL, '-tAc', command], { encoding: 'utf8' }).trim();
}

test('MongoDB wire (FerretDB): concurrent $inc of one document all count (atomic-updates.patch)', async () => {
  const clients = await Promise.all(Array.from({ length: 20 }, () => new MongoClient(env.MONGODB_URI, { maxPoolSize: 1 }).connect()));
  try {
    const counters = (client) => client.db(runId).collection('counters');
    await counters(clients[0]).insertOne({ _id: 'hits', n: 0 });
    // 20 clients x 10 increments: without the patch FerretDB reads, changes and writes back
    // without a lock, and most increments are lost (docs/adr/0004-ferretdb-scans-and-our-patch.md).
    await Promise.all(clients.map(async (client) => {
      for (let i = 0; i < 10; i += 1) await counters(client).updateOne({ _id: 'hits' }, { $inc: { n: 1 } });
    }));
    assert.equal((await counters(clients[0]).findOne({ _id: 'hits' }))?.n, 200);
    await clients[0].db(runId).dropDatabase();
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
});

test('MongoDB wire (FerretDB): an update command of more statements than FerretDB has PostgreSQL connections completes (update-statement-connections.patch)', async () => {
  // Without the patch each statement kept its connection until the whole command ended: the
  // statement after the pool's last connection waited forever, holding the update lock of the
  // whole server (the product hung this way once ~1,000 candidates were registered).
  const client = await new MongoClient(env.MONGODB_URI, { socketTimeoutMS: 30_000 }).connect();
  try {
    const statements = settings().postgresPoolMaxConns + 50;
    const marks = /** @type {import('mongodb').Collection<{ _id: string, queued: boolean }>} */ (client.db(runId).collection('marks'));
    await marks.insertMany(Array.from({ length: statements }, (_, i) => ({ _id: `E${i}`, queued: false })));
    const result = await marks.bulkWrite(Array.from({ length: statements }, (_, i) => ({ updateOne: { filter: { _id: `E${i}` }, update: { $set: { queued: true } } } })), { ordered: false });
    assert.equal(result.modifiedCount, statements);
    assert.equal(await marks.countDocuments({ queued: true }), statements);
    await client.db(runId).dropDatabase();
  } finally {
    await client.close();
  }
});

test('MongoDB wire (FerretDB): a lookup by _id reads the primary-key index, not the table (postgresql-id-pushdown.patch)', async () => {
  const client = await new MongoClient(env.MONGODB_URI).connect();
  try {
    const codes = /** @type {import('mongodb').Collection<{ _id: string, i: number, text: string }>} */ (client.db(runId).collection('codes'));
    // Big enough (about 1 MB) that reading the table would cost PostgreSQL's planner more than the index.
    await codes.insertMany(Array.from({ length: 3000 }, (_, i) => ({ _id: `KBE${String(i).padStart(6, '0')}`, i, text: 'x'.repeat(300) })));
    const scans = () => {
      const [seq, idx] = psql(`SELECT coalesce(sum(seq_scan), 0) || ' ' || coalesce(sum(idx_scan), 0) FROM pg_stat_user_tables WHERE schemaname = '${runId}' AND relname LIKE 'codes%'`).split(' ').map(Number);
      return { seq, idx };
    };
    // A PostgreSQL backend reports its table statistics within 10 s of going idle
    // (PGSTAT_IDLE_INTERVAL): wait that long for the insert's, and for ours.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 11_000));
    await settle();
    const before = scans();
    assert.equal((await codes.findOne({ _id: 'KBE000042' }))?.i, 42);
    assert.equal((await codes.find({ _id: { $in: ['KBE000007', 'KBE000199'] } }).toArray()).length, 2);
    assert.equal((await codes.updateOne({ _id: 'KBE000100' }, { $set: { i: -1 } })).modifiedCount, 1);
    await settle();
    const after = scans();
    assert.ok(after.idx - before.idx >= 3, `index scans: ${before.idx} -> ${after.idx}`);
    assert.equal(after.seq - before.seq, 0, 'no statement read the whole table');
    await client.db(runId).dropDatabase();
  } finally {
    await client.close();
  }
});

test('Kafka: admin-created topic round trip through a consumer group, and topic auto-creation', async () => {
  const kafka = new Kafka({ clientId: runId, brokers: env.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  const producer = kafka.producer({ allowAutoTopicCreation: true });
  // A short fetch wait: disconnect() waits for the in-flight fetch (kafkajs default 5 s).
  const consumer = kafka.consumer({ groupId: `${runId}-group`, maxWaitTimeInMs: 200 });
  const topic = `${runId}-admin`;
  const autoTopic = `${runId}-auto`;
  await admin.connect();
  try {
    assert.equal(await admin.createTopics({ topics: [{ topic, numPartitions: 2 }], waitForLeaders: true }), true);
    cleanups.push(async () => {
      const cleaner = kafka.admin();
      await cleaner.connect();
      await cleaner.deleteTopics({ topics: [topic, autoTopic] }).finally(() => cleaner.disconnect());
    });
    await producer.connect();
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    const received = new Promise((resolve) => {
      consumer.run({ eachMessage: async ({ message }) => resolve(message.value.toString()) });
    });
    await producer.send({ topic, messages: [{ key: 'k', value: 'hello from the infra test' }] });
    const value = await Promise.race([
      received,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no message consumed within 30s')), 30_000).unref()),
    ]);
    assert.equal(value, 'hello from the infra test');

    await producer.send({ topic: autoTopic, messages: [{ value: 'auto' }] });
    assert.ok((await admin.listTopics()).includes(autoTopic), 'producing to a new topic did not create it');
  } finally {
    await consumer.disconnect();
    await producer.disconnect();
    await admin.disconnect();
  }
});

test('MinIO: put and get an object with the generated credentials', async () => {
  const url = new URL(env.MINIO_ENDPOINT);
  const client = new Minio.Client({
    endPoint: url.hostname, port: Number(url.port), useSSL: false,
    accessKey: env.MINIO_ACCESS_KEY, secretKey: env.MINIO_SECRET_KEY,
  });
  const bucket = runId;
  await client.makeBucket(bucket);
  cleanups.push(async () => {
    await client.removeObject(bucket, 'greeting.txt');
    await client.removeBucket(bucket);
  });
  await client.putObject(bucket, 'greeting.txt', Buffer.from('namaste'), 7, { 'Content-Type': 'text/plain' });
  const chunks = [];
  for await (const chunk of await client.getObject(bucket, 'greeting.txt')) chunks.push(chunk);
  assert.equal(Buffer.concat(chunks).toString(), 'namaste');
});

test('Chromium renders a page to a PDF whose text pdftotext can read', async () => {
  const browser = await chromium.launch({ executablePath: env.CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.setContent('<html><body><h1>Hall ticket 2026</h1><p>Roll number KBE-0042</p></body></html>');
    const pdf = await page.pdf({ format: 'A4' });
    assert.equal(pdf.subarray(0, 4).toString('latin1'), '%PDF');
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' });
    assert.match(text, /Hall ticket 2026/);
    assert.match(text, /KBE-0042/);
  } finally {
    await browser.close();
  }
});
