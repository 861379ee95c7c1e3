// How long notifications-service's `candidate.erased` handler takes (EraseCandidateSmsUseCase:
// the in-flight pass and the outcomes' scan and updates, without Kafka) against a delivery log of
// RECORDS messages, as FerretDB holds them after campaigns went out in requests of 100: one claim
// per message; per request its `sent` document and its receipt (100 numbers and ids); a delivery
// report per message; 1% dead letters; three chunks of 2,000 messages in flight. The erased
// candidate has a message in each campaign of 10,000 (at 50,000: five dead letters, five
// receipts) and one in flight.
// Needs the real servers (`node tools/infra/cli.mjs up`); writes a database of its own, dropped at the end:
//
//   flock /tmp/kbe-servers.lock env $(grep -v '^#' ~/.cache/kbe-infra/env | xargs) \
//     node -r ./tools/test/ts-register.cjs apps/notifications-service/src/testing/erasure-timing.ts [records=50000]
import mongoose from 'mongoose';
import { randomBytes, randomUUID } from 'node:crypto';
import { InflightDocument, InflightSchema, OutcomeDocument, OutcomeSchema } from '../app/sms/delivery/delivery.schema';
import type { OutboundSms } from '../app/sms/delivery/outbound-message';
import { packMessages } from '../app/sms/delivery/packed-messages';
import { EraseCandidateSmsUseCase } from '../app/sms/erasure/erase-candidate-sms.usecase';
import { SmsErasureRepository } from '../app/sms/erasure/sms-erasure.repository';

const RECORDS = Number(process.argv[2] ?? 50_000);
const PER_REQUEST = 100;
const PER_CAMPAIGN = 10_000;
const ERASED = 'KBE0000007ERA';

const codeOf = (n: number) => (n === 7 ? ERASED : `KBE${String(n).padStart(7, '0')}ABC`);
const numberOf = (n: number) => `+919${String(n).padStart(9, '0')}`;

function message(campaignId: string, n: number): OutboundSms {
  const candidateCode = codeOf(n);
  return { id: `${campaignId}:${candidateCode}`, campaignId, messageType: 'custom', to: numberOf(n), text: `KBE Young Scientist: ID ${candidateCode} exam update`, encoding: 'GSM-7', segments: 1, candidateCode };
}

async function insertAll(collection: mongoose.mongo.Collection, docs: readonly object[]): Promise<void> {
  for (let start = 0; start < docs.length; start += 1_000) await collection.insertMany(docs.slice(start, start + 1_000) as never[], { ordered: false });
}

async function main(): Promise<void> {
  const uri = process.env['MONGODB_URI'];
  if (!uri) throw new Error('MONGODB_URI is not set: run it with the infra env (see the top of this file)');
  const connection = await mongoose.createConnection(uri, { dbName: `erasure-timing-${randomBytes(3).toString('hex')}` }).asPromise();
  try {
    const inflight = connection.model<InflightDocument>(InflightDocument.name, InflightSchema);
    const outcomes = connection.model<OutcomeDocument>(OutcomeDocument.name, OutcomeSchema);
    const claims: object[] = [];
    const outcomeDocs: object[] = [];
    const campaigns = Math.ceil(RECORDS / PER_CAMPAIGN);
    for (let c = 0; c < campaigns; c += 1) {
      const campaignId = `campaign-${c}-${randomUUID()}`;
      const messages = Array.from({ length: Math.min(PER_CAMPAIGN, RECORDS - c * PER_CAMPAIGN) }, (_, n) => message(campaignId, n));
      for (let start = 0; start < messages.length; start += PER_REQUEST) {
        const request = messages.slice(start, start + PER_REQUEST);
        const key = `batch-${randomBytes(16).toString('base64url')}`;
        outcomeDocs.push({ _id: `sent:${key}`, campaignId, status: 'sent', count: request.length });
        outcomeDocs.push({ _id: `receipt:req-${key}`, campaign: campaignId, numbers: request.map((sms) => sms.to), ids: request.map((sms) => sms.id) });
      }
      for (const [n, sms] of messages.entries()) {
        claims.push({ _id: sms.id, chunk: randomUUID() });
        if (n % 100 === 7) {
          outcomeDocs.push({ _id: sms.id, campaignId, status: 'dead', attempts: 5, reason: 'Provider error 500', message: JSON.stringify(sms), updatedAt: new Date() });
        } else {
          outcomeDocs.push({ _id: sms.id, campaignId, status: 'delivered', reason: null, updatedAt: new Date() });
        }
      }
    }
    const waiting = `campaign-waiting-${randomUUID()}`;
    const chunks = [0, 1, 2].map((chunk) => ({
      _id: randomUUID(),
      owner: null,
      leaseUntil: new Date(Date.now() + 3_600_000),
      packed: packMessages(Array.from({ length: 2_000 }, (_, n) => message(waiting, chunk * 2_000 + n))),
    }));
    const seeding = performance.now();
    await insertAll(connection.collection('sms_deliveries'), claims);
    await insertAll(outcomes.collection, outcomeDocs);
    await insertAll(inflight.collection, chunks);
    const seeded = performance.now() - seeding;

    const records = new SmsErasureRepository(inflight, outcomes);
    const erase = new EraseCandidateSmsUseCase(records, { waitMs: 0, pollMs: 0 });
    const timed = async () => {
      const started = performance.now();
      const erased = await erase.execute(ERASED);
      return { ms: Math.round(performance.now() - started), erased };
    };
    const first = await timed();
    const again = await timed();
    const started = performance.now();
    await records.cancelInflight(ERASED);
    const inflightMs = Math.round(performance.now() - started);
    process.stdout.write(
      `${RECORDS} messages: ${claims.length} claims, ${outcomeDocs.length} outcomes (receipts, sent, delivered, dead), ${chunks.length} chunks of 2,000 in flight; seeded in ${Math.round(seeded / 1000)} s\n` +
        `erasure: ${first.ms} ms (${JSON.stringify(first.erased)})\n` +
        `again (nothing left): ${again.ms} ms (${JSON.stringify(again.erased)}), of which the in-flight pass ${inflightMs} ms\n`,
    );
  } finally {
    await connection.dropDatabase().catch(() => undefined);
    await connection.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
