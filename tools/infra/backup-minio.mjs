// MinIO side of `npm run db:backup` / `db:restore`: every bucket mirrored to files
// (minio/<bucket>/<key>) and back, through the `minio` npm client with the infra env's
// credentials. Each object's metadata (Content-Type, x-amz-meta-*) is kept in the object index.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as Minio from 'minio';
import { bucketDir, objectFile } from './backup-format.mjs';
import { seconds, stopwatch } from './lib/timing.mjs';

/** Objects copied at once. */
const CONCURRENCY = 4;
/** A progress line at most this often while one bucket is copied. */
const PROGRESS_EVERY_MS = 5000;

export function minioClient(env) {
  const url = new URL(env.MINIO_ENDPOINT);
  return new Minio.Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: url.protocol === 'https:',
    accessKey: env.MINIO_ACCESS_KEY,
    secretKey: env.MINIO_SECRET_KEY,
  });
}

export async function bucketNames(client) {
  return (await client.listBuckets()).map((bucket) => bucket.name).sort();
}

/** Every object of a bucket: [{ name, size }] sorted by key. */
async function listObjects(client, bucket) {
  const objects = [];
  for await (const item of client.listObjects(bucket, '', true)) if (item.name) objects.push({ name: item.name, size: item.size });
  return objects.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Runs `fn` over `items`, `CONCURRENCY` at a time, in order of the items. */
async function eachLimited(items, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

/** Counts objects and bytes and logs a line every few seconds. */
function progress(log, what, total) {
  const took = stopwatch();
  let lastLine = Date.now();
  const state = { objects: 0, bytes: 0 };
  state.add = (bytes) => {
    state.objects += 1;
    state.bytes += bytes;
    if (Date.now() - lastLine >= PROGRESS_EVERY_MS) {
      lastLine = Date.now();
      log(`${what}: ${state.objects}/${total} objects, ${megabytes(state.bytes)} (${seconds(took())})`);
    }
  };
  state.elapsed = took;
  return state;
}

export function megabytes(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function downloadObject(client, bucket, key, file) {
  mkdirSync(dirname(file), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(await client.getObject(bucket, key), async function* measure(source) {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  }, createWriteStream(file));
  return { size, sha256: hash.digest('hex') };
}

/** Copies one bucket into `root`/minio/<bucket>/; resolves the index entries [{ key, size, sha256, metaData }]. */
export async function backupBucket({ client, bucket, root, log }) {
  mkdirSync(bucketDir(root, bucket), { recursive: true });
  const listed = await listObjects(client, bucket);
  const counter = progress(log, `bucket ${bucket}`, listed.length);
  const entries = new Map();
  await eachLimited(listed, async ({ name }) => {
    const file = objectFile(root, bucket, name);
    const { metaData } = await client.statObject(bucket, name);
    const { size, sha256 } = await downloadObject(client, bucket, name, file);
    entries.set(name, { key: name, size, sha256, metaData });
    counter.add(size);
  });
  log(`bucket ${bucket}: ${counter.objects} objects, ${megabytes(counter.bytes)} in ${seconds(counter.elapsed())}`);
  return listed.map(({ name }) => entries.get(name));
}

async function ensureBucket(client, bucket) {
  if (await client.bucketExists(bucket)) return false;
  await client.makeBucket(bucket);
  return true;
}

async function removeExtraObjects(client, bucket, keep) {
  const extra = (await listObjects(client, bucket)).map((o) => o.name).filter((name) => !keep.has(name));
  if (!extra.length) return 0;
  const errors = await client.removeObjects(bucket, extra);
  if (errors.length) throw new Error(`bucket ${bucket}: could not delete ${errors.length} object(s), e.g. ${errors[0].Key}: ${errors[0].Message}`);
  return extra.length;
}

/**
 * Makes `bucket` equal to its backup: creates it if missing, puts every object of the backup,
 * deletes the objects the backup does not have. Resolves { created, put, bytes, deleted }.
 */
export async function restoreBucket({ client, bucket, objects, root, log }) {
  const created = await ensureBucket(client, bucket);
  const counter = progress(log, `bucket ${bucket}`, objects.length);
  await eachLimited(objects, async (object) => {
    await client.putObject(bucket, object.key, createReadStream(objectFile(root, bucket, object.key)), object.size, object.metaData);
    counter.add(object.size);
  });
  const deleted = await removeExtraObjects(client, bucket, new Set(objects.map((o) => o.key)));
  log(`bucket ${bucket}: ${created ? 'created, ' : ''}${counter.objects} objects put (${megabytes(counter.bytes)}), ${deleted} deleted, in ${seconds(counter.elapsed())}`);
  return { created, put: counter.objects, bytes: counter.bytes, deleted };
}
