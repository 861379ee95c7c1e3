// The backup directory of `npm run db:backup` (see tools/infra/README.md, "Backups"):
//   manifest.json        time, versions, the dump's size and sha256, buckets with counts and bytes
//   ferretdb.dump        pg_dump --format=custom of the `ferretdb` database
//   minio-objects.json   every object: bucket, key, size, sha256 and its metadata (Content-Type ...)
//   minio/<bucket>/<key> the objects' bytes
// A backup is written into a staging directory next to its final name and renamed into place
// once complete; `verifyBackup` checks a directory before a restore touches anything.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InfraError } from './lib/config.mjs';

export const FORMAT = 'kbe-infra-backup/1';
export const MANIFEST = 'manifest.json';
export const DUMP = 'ferretdb.dump';
export const OBJECT_INDEX = 'minio-objects.json';
export const MINIO_DIR = 'minio';

/** A refusal before anything was changed: the CLI prints the message and exits with code 2. */
export class BackupRefusal extends InfraError {
  constructor(message) {
    super(message);
    this.name = 'BackupRefusal';
  }
}

/** `2026-01-31T09-05-00Z`: a UTC timestamp usable as a directory name. */
export function timestampName(date = new Date()) {
  return date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

/** The staging directory a backup is written into before it is renamed to `dir`. */
export function stagingDir(dir) {
  return `${dir}.partial-${process.pid}`;
}

export async function sha256File(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** Where the objects of `bucket` are stored. */
export function bucketDir(root, bucket) {
  return join(root, MINIO_DIR, bucket);
}

/**
 * Where object `key` of `bucket` is stored. Keys that cannot be a relative file path (empty
 * segments as in `a//b` or `dir/`, `.`/`..` segments, NUL) are refused rather than mangled.
 */
export function objectFile(root, bucket, key) {
  const segments = key.split('/');
  if (key.includes('\0') || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new InfraError(`object "${key}" in bucket ${bucket} cannot be stored as a file (empty, "." or ".." path segment): rename it, then back up again`);
  }
  return join(bucketDir(root, bucket), ...segments);
}

function readJson(file, what) {
  if (!existsSync(file)) throw new BackupRefusal(`${file} is missing: not a complete backup (${what})`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BackupRefusal(`${file} is not valid JSON (${error.message}): the backup is damaged`);
  }
}

async function checkFile(file, { bytes, sha256 }, what) {
  if (!existsSync(file)) return `${what}: ${file} is missing`;
  const size = statSync(file).size;
  if (size !== bytes) return `${what}: ${file} has ${size} bytes, the backup recorded ${bytes}`;
  const actual = await sha256File(file);
  return actual === sha256 ? undefined : `${what}: ${file} has sha256 ${actual}, the backup recorded ${sha256}`;
}

function checkBucketTotals(manifest, index) {
  const problems = [];
  for (const bucket of manifest.minio.buckets) {
    const objects = index[bucket.name];
    if (!objects) {
      problems.push(`bucket ${bucket.name} is in the manifest but not in ${OBJECT_INDEX}`);
      continue;
    }
    const bytes = objects.reduce((sum, o) => sum + o.size, 0);
    if (objects.length !== bucket.objects || bytes !== bucket.bytes) {
      problems.push(`bucket ${bucket.name}: ${OBJECT_INDEX} lists ${objects.length} objects / ${bytes} bytes, the manifest ${bucket.objects} / ${bucket.bytes}`);
    }
  }
  return problems;
}

function refuseIf(problems, dir) {
  if (!problems.length) return;
  const shown = problems.slice(0, 10).join('\n  ');
  const more = problems.length > 10 ? `\n  ... and ${problems.length - 10} more` : '';
  throw new BackupRefusal(`${dir} fails verification, nothing was changed:\n  ${shown}${more}`);
}

/**
 * Reads and checks a backup directory: the manifest, the dump's and the object index's sha256,
 * the bucket totals and every object file's size and sha256. Resolves { manifest, index } or
 * throws a BackupRefusal listing what is wrong.
 * @param {string} dir
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function verifyBackup(dir, { log = () => undefined } = {}) {
  const manifest = readJson(join(dir, MANIFEST), 'written last, when the backup completed');
  if (manifest.format !== FORMAT) throw new BackupRefusal(`${join(dir, MANIFEST)}: format "${manifest.format}" is not ${FORMAT}`);
  const dumpProblem = await checkFile(join(dir, DUMP), manifest.dump, 'database dump');
  refuseIf(dumpProblem ? [dumpProblem] : [], dir);
  log(`dump ${DUMP}: ${manifest.dump.bytes} bytes, sha256 matches`);
  const indexProblem = await checkFile(join(dir, OBJECT_INDEX), manifest.minio.index, 'object index');
  refuseIf(indexProblem ? [indexProblem] : [], dir);
  const index = readJson(join(dir, OBJECT_INDEX), 'the object index');
  const problems = checkBucketTotals(manifest, index);
  for (const [bucket, objects] of Object.entries(index)) {
    for (const object of objects) {
      const recorded = { bytes: object.size, sha256: object.sha256 };
      const problem = await checkFile(objectFile(dir, bucket, object.key), recorded, `object ${bucket}/${object.key}`);
      if (problem) problems.push(problem);
    }
  }
  refuseIf(problems, dir);
  const count = Object.values(index).reduce((sum, objects) => sum + objects.length, 0);
  log(`objects: ${count} in ${Object.keys(index).length} bucket(s), sizes and sha256 match`);
  return { manifest, index };
}
