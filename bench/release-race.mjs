// A lost-update check of the database under registration-service (docs/adr/0004): registers N
// candidates one after another, each followed at once by its fees-paid PATCH and its hall-ticket
// release, as an admin would, and reports every release refused for unpaid fees (the fees-paid
// write undone by a concurrent update of the same document). Exits 1 when there is one.
//   N=150 flock /tmp/kbe-servers.lock node bench/release-race.mjs   (after a build of registration-service)
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import sharp from 'sharp';
import { benchCandidateForm, benchMentor, benchSchool, benchServiceEnv, json, startBuiltService, waitUntilHealthy, out } from './service-bench.support.mjs';
const id = `race${randomBytes(3).toString('hex')}`;
const env = benchServiceEnv(id);
const port = 3911;
const child = startBuiltService('registration-service', port, env);
const base = `http://127.0.0.1:${port}`;
try {
  await waitUntilHealthy(`${base}/api/health/registration-service`);
  const post = (path, body) => json(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const school = await post('/api/schools/register', benchSchool({ schoolName: 'Nashik Model School', udiseCode: `27${Date.now().toString().slice(-9)}` }));
  const mentor = await post('/api/mentors/register', benchMentor(school.schoolCode));
  const photo = await sharp({ create: { width: 360, height: 450, channels: 3, background: '#4466aa' } }).jpeg().toBuffer();
  const headers = { 'content-type': 'application/json', 'x-internal-token': env.INTERNAL_API_TOKEN };
  let bad = 0;
  for (let i = 0; i < Number(process.env.N ?? 150); i++) {
    const form = benchCandidateForm({ mentorCode: mentor.mentorCode, fullName: `आरव पाटील ${i}`, phoneNumber: `98${String(10_000_000 + i)}`, photo, signature: photo });
    const candidate = await json(`${base}/api/candidates/register`, { method: 'POST', body: form });
    const code = candidate.candidateCode;
    const fees = await json(`${base}/internal/candidates/${code}/fees-paid`, { method: 'PATCH', headers, body: JSON.stringify({ feesPaid: true }) });
    const res = await fetch(`${base}/internal/candidates/${code}/hall-ticket`, { method: 'PATCH', headers, body: JSON.stringify({ hallTicketReleased: true }) });
    if (!res.ok) {
      bad++;
      const record = await json(`${base}/internal/candidates/${code}`, { headers });
      out(`${i} ${code}: release ${res.status} ${JSON.stringify(await res.json())}; fees answer feesPaid=${fees.data?.feesPaid}; record now ${JSON.stringify({ feesPaid: record.data?.feesPaid, ht: record.data?.hallTicketReleased, deletedAt: record.data?.deletedAt })}`);
      const again = await fetch(`${base}/internal/candidates/${code}/hall-ticket`, { method: 'PATCH', headers, body: JSON.stringify({ hallTicketReleased: true }) });
      out(`   retry without fees: ${again.status}`);
    }
  }
  out(`releases refused for unpaid fees right after fees-paid: ${bad}`);
  process.exitCode = bad ? 1 : 0;
} finally {
  child.kill('SIGTERM');
  const mongo = new MongoClient(env.MONGODB_URI);
  const { databases } = await mongo.db().admin().listDatabases();
  for (const { name } of databases.filter((d) => d.name.startsWith(id))) await mongo.db(name).dropDatabase();
  await mongo.close();
}
