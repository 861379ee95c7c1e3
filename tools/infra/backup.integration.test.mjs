// Integration test of `npm run db:backup` / `db:restore` (backup-commands.mjs) on REAL servers
// (node --test tools/infra/backup.integration.test.mjs). It runs its own PostgreSQL, FerretDB and
// MinIO in a private KBE_INFRA_HOME on free ports, so the shared servers are never touched; the
// FerretDB and MinIO builds are symlinked from the real home (nothing is rebuilt). The private
// servers are stopped and the home removed afterwards, also when a test fails.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, symlinkSync, writeSync, closeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import * as Minio from 'minio';
import { BSON, MongoClient } from 'mongodb';

const realHome = resolve(process.env.KBE_INFRA_HOME || join(homedir(), '.cache', 'kbe-infra'));
const builds = existsSync(realHome) ? readdirSync(realHome).filter((name) => /^(ferretdb|minio)-/.test(name) && !name.includes('.staging-')) : [];
const missingBuild = ['ferretdb-', 'minio-'].filter((prefix) => !builds.some((name) => name.startsWith(prefix)));
const skip = missingBuild.length ? `no ${missingBuild.map((p) => `${p}*`).join(' / ')} build in ${realHome}: run \`npm run infra:up\` once` : false;

/** Ports nobody listens on now (the kernel picks them). */
async function freePorts(count) {
  const servers = await Promise.all(Array.from({ length: count }, () => new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => done(server));
  })));
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  return ports;
}

// The private home and ports must be in the environment before the infra modules read it.
const home = mkdtempSync(join(tmpdir(), 'kbe-backup-test-'));
const [postgresPort, mongoPort, minioPort, minioConsolePort, kafkaPort, kafkaControllerPort] = await freePorts(6);
Object.assign(process.env, {
  KBE_INFRA_HOME: home,
  POSTGRES_PORT: String(postgresPort),
  MONGO_PORT: String(mongoPort),
  MINIO_PORT: String(minioPort),
  MINIO_CONSOLE_PORT: String(minioConsolePort),
  KAFKA_PORT: String(kafkaPort),
  KAFKA_CONTROLLER_PORT: String(kafkaControllerPort),
});
for (const name of builds) symlinkSync(join(realHome, name), join(home, name));
const { down, readInfraEnv, status, up } = await import('./index.mjs');
const { BackupRefusal, backup, restore } = await import('./backup-commands.mjs');

const lines = [];
const log = (line) => {
  lines.push(line);
  process.stderr.write(`  ${line}\n`);
};
const BUCKETS = ['bk-photos', 'bk-docs'];
const COLLECTIONS = [['shop', 'people'], ['audit', 'events']];
let env;
let mongo;
let minio;

before(async () => {
  if (skip) return;
  await up({ names: ['mongo', 'minio'], log });
  env = readInfraEnv();
  const url = new URL(env.MINIO_ENDPOINT);
  minio = new Minio.Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: env.MINIO_ACCESS_KEY, secretKey: env.MINIO_SECRET_KEY });
  mongo = await new MongoClient(env.MONGODB_URI).connect();
}, { timeout: 5 * 60_000 });

after(async () => {
  await mongo?.close().catch(() => undefined);
  if (!skip) await down({ log }).catch((error) => log(`down failed: ${error.message}`));
  rmSync(home, { recursive: true, force: true });
});

async function reconnect() {
  await mongo.close();
  mongo = await new MongoClient(readInfraEnv().MONGODB_URI).connect();
}

async function put(bucket, key, body, contentType) {
  await minio.putObject(bucket, key, Buffer.from(body), Buffer.byteLength(body), { 'Content-Type': contentType });
}

async function seed() {
  const people = mongo.db('shop').collection('people');
  await people.createIndex({ email: 1 }, { unique: true });
  await people.insertMany([
    { _id: 'p1', email: 'asha@example.org', name: 'Asha', joined: new Date('2026-01-02T03:04:05Z') },
    { _id: 'p2', email: 'ravi@example.org', name: 'Ravi', tags: ['a', 'b'] },
    { _id: 'p3', email: 'meera@example.org', name: 'Meera', nested: { n: 42, ok: true } },
  ]);
  await mongo.db('audit').collection('events').insertMany(Array.from({ length: 50 }, (_, i) => ({ seq: i, text: `event ${i}` })));
  for (const bucket of BUCKETS) await minio.makeBucket(bucket);
  await put('bk-photos', 'photos/2026/a.jpg', 'x'.repeat(200_000), 'image/jpeg');
  await put('bk-photos', 'photos/2026/b.jpg', 'y'.repeat(1000), 'image/jpeg');
  await put('bk-docs', 'a.txt', 'alpha', 'text/plain');
  await put('bk-docs', 'deep/er/b.pdf', '%PDF-1.4 beta', 'application/pdf');
}

async function objectsOf(bucket) {
  const result = {};
  for await (const item of minio.listObjects(bucket, '', true)) {
    const chunks = [];
    for await (const chunk of await minio.getObject(bucket, item.name)) chunks.push(chunk);
    const stat = await minio.statObject(bucket, item.name);
    result[item.name] = { sha256: createHash('sha256').update(Buffer.concat(chunks)).digest('hex'), type: stat.metaData['content-type'] };
  }
  return result;
}

/** Every document (extended JSON, types kept) and every object of the test's databases and buckets. */
async function snapshot() {
  const state = {};
  for (const [db, collection] of COLLECTIONS) {
    state[`${db}.${collection}`] = BSON.EJSON.stringify(await mongo.db(db).collection(collection).find().sort({ _id: 1 }).toArray(), { relaxed: false });
  }
  for (const bucket of BUCKETS) state[bucket] = await objectsOf(bucket);
  return state;
}

async function change() {
  const people = mongo.db('shop').collection('people');
  await people.deleteOne({ _id: 'p2' });
  await people.updateOne({ _id: 'p1' }, { $set: { name: 'Asha K.' } });
  await people.insertOne({ _id: 'p4', email: 'new@example.org', name: 'New' });
  await mongo.db('audit').collection('events').deleteMany({ seq: { $gte: 40 } });
  await minio.removeObject('bk-photos', 'photos/2026/b.jpg');
  await put('bk-docs', 'a.txt', 'alpha, overwritten', 'text/markdown');
  await put('bk-docs', 'added.txt', 'not in the backup', 'text/plain');
  await minio.makeBucket('bk-extra');
  await put('bk-extra', 'kept.txt', 'a bucket the backup does not know', 'text/plain');
}

function flipByte(file) {
  const fd = openSync(file, 'r+');
  try {
    const at = Math.floor(readFileSync(file).length / 2);
    const byte = Buffer.alloc(1);
    readSync(fd, byte, 0, 1, at);
    byte[0] ^= 0xff;
    writeSync(fd, byte, 0, 1, at);
  } finally {
    closeSync(fd);
  }
}

const mongoPid = async () => (await status({ names: ['mongo'] })).servers[0].pid;

test('backup, change, refused restores, restore: documents, indexes and objects are as at backup time', { skip, timeout: 5 * 60_000 }, async () => {
  await seed();
  const original = await snapshot();

  const { dir, manifest } = await backup({ log });
  assert.equal(resolve(dir, '..'), join(home, 'backups'));
  assert.deepEqual(readdirSync(join(home, 'backups')), [dir.split('/').pop()], 'no staging directory is left');
  assert.deepEqual(manifest.minio.buckets.map((b) => [b.name, b.objects]), [['bk-docs', 2], ['bk-photos', 2]]);
  assert.ok(['audit', 'shop'].every((db) => manifest.mongoDatabases.includes(db)), manifest.mongoDatabases.join(','));
  assert.match(manifest.dump.sha256, /^[0-9a-f]{64}$/);
  assert.match(manifest.postgres.server, /^\d+\.\d+/);
  assert.equal(readFileSync(join(dir, 'minio', 'bk-docs', 'deep', 'er', 'b.pdf'), 'utf8'), '%PDF-1.4 beta');

  await change();
  const changed = await snapshot();
  assert.notDeepEqual(changed, original);
  const pidBefore = await mongoPid();

  // A damaged dump is refused before anything is stopped or changed.
  const corrupt = `${dir}-corrupt`;
  cpSync(dir, corrupt, { recursive: true });
  flipByte(join(corrupt, 'ferretdb.dump'));
  await assert.rejects(restore({ from: corrupt, yes: true, log }), (/** @type {Error} */ error) => {
    assert.ok(error instanceof BackupRefusal, error.stack);
    assert.match(error.message, /fails verification, nothing was changed:\n {2}database dump: .*ferretdb\.dump has sha256 [0-9a-f]{64}, the backup recorded [0-9a-f]{64}/);
    return true;
  });
  // Without --yes and without a "yes" from the operator nothing happens either.
  await assert.rejects(restore({ from: dir, confirm: async () => false, log }), /not confirmed: nothing was changed/);
  assert.equal(await mongoPid(), pidBefore, 'FerretDB was not restarted');
  assert.deepEqual(await snapshot(), changed);

  const result = await restore({ from: dir, yes: true, log });
  assert.notEqual(await mongoPid(), pidBefore, 'FerretDB was restarted around the database restore');
  await reconnect();
  assert.deepEqual(await snapshot(), original);
  assert.deepEqual(result.minio.untouched, ['bk-extra']);
  assert.deepEqual(Object.keys(await objectsOf('bk-extra')), ['kept.txt']);
  assert.deepEqual(
    Object.fromEntries(Object.entries(result.minio.buckets).map(([name, r]) => [name, [r.created, r.put, r.deleted]])),
    { 'bk-docs': [false, 2, 1], 'bk-photos': [false, 2, 0] },
  );
  const people = mongo.db('shop').collection('people');
  await assert.rejects(people.insertOne({ _id: 'p9', email: 'ravi@example.org' }), (/** @type {{ code?: number }} */ error) => error.code === 11000);
  await people.insertOne({ _id: 'p9', email: 'fresh@example.org' });
});
