#!/usr/bin/env node
// Takes back every hall-ticket and certificate release of the local stack's candidates, straight
// in the database, so that bench/scale.mjs can time the release jobs again over the same
// candidates (the product has no bulk "un-release"). Development data only: it refuses any
// MONGODB_URI that is not on 127.0.0.1. Restart the stack afterwards (`npm start`): each
// registration-service reads its candidate directory at start.
//   node bench/scale-reset-releases.mjs
import { MongoClient } from 'mongodb';
import { readInfraEnv } from '../tools/infra/index.mjs';

const uri = process.env.MONGODB_URI ?? readInfraEnv().MONGODB_URI;
if (!/^mongodb:\/\/127\.0\.0\.1[:/]/.test(uri)) {
  process.stderr.write(`refusing to reset releases on ${uri}: local development data only\n`);
  process.exit(2);
}
const database = `${process.env.MONGODB_DB_PREFIX ?? 'kbe'}-registration`;
const client = await new MongoClient(uri).connect();
try {
  const started = Date.now();
  const result = await client
    .db(database)
    .collection('candidates')
    .updateMany(
      { $or: [{ hallTicketReleased: true }, { certificateReleased: true }] },
      {
        $set: {
          hallTicketReleased: false,
          certificateReleased: false,
          hallTicketRelease: null,
          certificateRelease: null,
          hallTicketEventPending: false,
          certificateEventPending: false,
        },
      },
    );
  process.stdout.write(`${database}: took back the releases of ${result.modifiedCount} candidates in ${((Date.now() - started) / 1000).toFixed(1)} s; restart the stack\n`);
} finally {
  await client.close();
}
