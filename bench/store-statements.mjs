#!/usr/bin/env node
// What single statements cost on the local MongoDB-wire server (FerretDB over PostgreSQL) with
// 20,000 documents of 3 KB: lookups by `_id` (served by the primary-key index, ADR 0004) against
// a lookup by another field, an update, a count, and a bulkWrite of more statements than FerretDB
// has PostgreSQL connections. One client, mean of repeated calls; a scratch database, dropped.
//   node bench/store-statements.mjs
import { MongoClient } from 'mongodb';
import { loadavg } from 'node:os';
import { readInfraEnv } from '../tools/infra/index.mjs';

const DOCUMENTS = 20_000;
const client = await new MongoClient(process.env.MONGODB_URI ?? readInfraEnv().MONGODB_URI).connect();
const db = client.db(`bench-statements-${Date.now().toString(36)}`);
const docs = db.collection('docs');

async function meanMs(label, calls, statement) {
  const started = performance.now();
  for (let i = 0; i < calls; i += 1) await statement(i);
  console.log(`  ${label.padEnd(44)} ${((performance.now() - started) / calls).toFixed(2).padStart(8)} ms (mean of ${calls})`);
}

try {
  const pad = 'x'.repeat(3000);
  const code = (i) => `K${String(i).padStart(6, '0')}`;
  await docs.createIndex({ code: 1 });
  for (let from = 0; from < DOCUMENTS; from += 1000) {
    await docs.insertMany(Array.from({ length: 1000 }, (_, i) => ({ _id: code(from + i), code: code(from + i), pad, n: 0 })));
  }
  console.log(`${DOCUMENTS} documents of 3 KB; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await meanMs('findOne({ _id })', 50, (i) => docs.findOne({ _id: code(i * 37) }));
  await meanMs('find({ _id: { $in: 50 codes } })', 10, (i) => docs.find({ _id: { $in: Array.from({ length: 50 }, (_, j) => code(i * 50 + j)) } }).toArray());
  await meanMs('findOne({ code }) (a field other than _id)', 10, (i) => docs.findOne({ code: code(i * 37) }));
  await meanMs('updateOne({ _id }, { $inc })', 50, (i) => docs.updateOne({ _id: code(i * 37) }, { $inc: { n: 1 } }));
  await meanMs('countDocuments({})', 3, () => docs.countDocuments({}));
  await meanMs('bulkWrite of 150 updateOne by _id', 3, () =>
    docs.bulkWrite(Array.from({ length: 150 }, (_, j) => ({ updateOne: { filter: { _id: code(j) }, update: { $inc: { n: 1 } } } })), { ordered: false }),
  );
} finally {
  await db.dropDatabase();
  await client.close();
}
