// Certificates benchmark: how fast documents-service turns released certificates of published
// results into PDFs (bench/documents.mjs measures hall tickets only), in one run on this machine.
//   flock /tmp/kbe-servers.lock node bench/certificates.mjs
//   BENCH_CANDIDATES=300 BENCH_CONCURRENCY=2 BENCH_TARGET=20000 BENCH_SKIP_BUILD=1
//   RENDER_POOL_SIZE=2, RENDER_AHEAD_EVENTS_AT_ONCE=2 (documents-service's defaults) to try others
// It builds and starts documents-service on private databases, topics and buckets (the real
// servers of `node tools/infra/cli.mjs up`), with registration-service's internal candidate
// endpoint played by this process: BENCH_CANDIDATES candidates with a published Mains result,
// their certificates released, a third each in English, Marathi and Hindi, a third each earning a
// medal, qualifying, or participation only. Then it measures:
//   ahead     the release: one certificate.released event per candidate, as registration-service
//             publishes them, and the render-ahead of each (the best kind earned) until every
//             one is rendered and stored in MinIO: certificates/s, and the time 20,000 would take
//   download  a first download of another kind (participation) of each candidate who earned a
//             better one, BENCH_CONCURRENCY at once: certificates/s, p50, p95
// and prints whether BENCH_TARGET certificates fit in 30 minutes at the render-ahead's rate.
import { createServer } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { benchServiceEnv, buildProjects, out, percentile, startBuiltService, waitUntilHealthy } from './service-bench.support.mjs';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
const TARGET = Number(process.env.BENCH_TARGET ?? 20_000);
const POOL = Number(process.env.RENDER_POOL_SIZE ?? 2);
const PORTS = { registration: 3194, documents: 3195 };
const MOTHER_NAME = 'Meena Patil';
const LANGUAGES = ['en', 'mr', 'hi'];
const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
/** The candidate released first, not measured: the consumer group joined and Chromium warm before the timer starts. */
const WARM_UP = CANDIDATES;

/** KBE + 6 digits + 3 letters: a code of the candidate pattern, unique per index. */
const codeOf = (i) => `KBE${String(900000 + i).padStart(6, '0')}${CODE_LETTERS[i % 24]}${CODE_LETTERS[Math.floor(i / 24) % 24]}C`;

/** The candidate registration-service's internal endpoint answers: a released certificate and its Mains result. */
function candidateOf(i) {
  const earns = i % 3; // 0: a medal, 1: qualifying, 2: participation only
  return {
    candidateCode: codeOf(i),
    language: LANGUAGES[Math.floor(i / 3) % 3],
    personalDetails: { fullName: `Aarav Patil ${i}`, fatherName: 'Suresh Patil', motherName: MOTHER_NAME },
    educationalDetails: { schoolName: 'Nashik Model School', standard: '8th', kbeCategory: 'Sec', kbeStageParticipated: 'Mains' },
    feesPaid: true,
    hallTicketReleased: true,
    certificateReleased: true,
    seatNumber: null,
    center: null,
    examTime: null,
    level: earns === 2 ? 'Mains' : 'Advanced',
    results: [
      {
        level: 'Mains',
        category: 'Sec',
        rollNumber: null,
        score: earns === 0 ? 97 : earns === 1 ? 71.5 : 32,
        maxMarks: 100,
        absent: false,
        rank: earns === 0 ? 1 + (i % 3) : 10 + i,
        medal: earns === 0 ? ['gold', 'silver', 'bronze'][i % 3] : null,
        qualified: earns !== 2,
        nextLevel: earns !== 2 ? 'Advanced' : null,
        publishedAt: '2027-02-10T10:00:00.000Z',
      },
    ],
  };
}

/** registration-service's internal candidate endpoint, played by this process (JSON only: certificates need no photo). */
async function startRegistrationStandIn(token) {
  // one more than measured: the warm-up's (WARM_UP)
  const candidates = new Map(Array.from({ length: CANDIDATES + 1 }, (_, i) => [codeOf(i), candidateOf(i)]));
  const server = createServer((req, res) => {
    const code = /^\/internal\/candidates\/([A-Z0-9]+)$/.exec(req.url ?? '')?.[1];
    if (req.headers['x-internal-token'] !== token) return res.writeHead(401).end();
    const candidate = code && candidates.get(code);
    if (!candidate) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: candidate }));
  });
  await new Promise((resolve) => server.listen(PORTS.registration, '127.0.0.1', resolve));
  return server;
}

/** documents_rendered_total of certificates for `reason`, from the service's /metrics. */
async function renderedCertificates(reason) {
  const text = await (await fetch(`http://127.0.0.1:${PORTS.documents}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('documents_rendered_total{') && l.includes('kind="certificate"') && l.includes(`reason="${reason}"`));
  return line ? Number(line.trim().split(/\s+/).pop()) : 0;
}

/** One certificate.released event per candidate, as registration-service's outbox publishes them. */
async function publishReleases(env, indices) {
  const { Kafka, logLevel } = await import('kafkajs');
  const producer = new Kafka({ clientId: 'bench-certificates', brokers: env.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  try {
    const releasedAt = new Date().toISOString();
    const messages = indices.map((i) => {
      const candidateCode = codeOf(i);
      const envelope = { id: randomUUID(), topic: 'certificate.released', occurredAt: releasedAt, payload: { candidateCode, releasedAt, releasedBy: 'bench' } };
      return { key: candidateCode, value: JSON.stringify(envelope) };
    });
    for (let i = 0; i < messages.length; i += 500) {
      await producer.send({ topic: `${env.KAFKA_TOPIC_PREFIX}certificate.released`, messages: messages.slice(i, i + 500) });
    }
  } finally {
    await producer.disconnect();
  }
}

/** Runs `task(i)` for i < count with `concurrency` workers; wall time and per-task latencies. */
async function measure(count, concurrency, task) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { seconds, perSecond: count / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

async function main() {
  buildProjects(['documents-service']);
  const id = `benchcert${Date.now().toString(36)}`;
  const env = benchServiceEnv(id, {
    DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex'),
    RENDER_POOL_SIZE: String(POOL),
    REGISTRATION_SERVICE_URL: `http://127.0.0.1:${PORTS.registration}`,
  });
  const registration = await startRegistrationStandIn(env.INTERNAL_API_TOKEN);
  const documents = startBuiltService('documents-service', PORTS.documents, env);
  try {
    await waitUntilHealthy(`http://127.0.0.1:${PORTS.documents}/api/health/documents-service`);
    out(`certificates benchmark: ${CANDIDATES} candidates (en/mr/hi; merit/qualifying/participation), ${POOL} Chromium pages, ${env.RENDER_AHEAD_EVENTS_AT_ONCE ?? 'default'} release events at once`);

    // warm-up: one release rendered ahead before the timer (the consumer group joined, Chromium started)
    await publishReleases(env, [WARM_UP]);
    const warmUpDeadline = Date.now() + 5 * 60_000;
    while ((await renderedCertificates('ahead')) < 1) {
      if (Date.now() > warmUpDeadline) throw new Error('the warm-up certificate was not rendered ahead within 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // ahead: the release of every certificate, rendered ahead (the best kind earned)
    const started = performance.now();
    await publishReleases(env, Array.from({ length: CANDIDATES }, (_, i) => i));
    const deadline = Date.now() + 60 * 60_000;
    let done = 0;
    while ((done = (await renderedCertificates('ahead')) - 1) < CANDIDATES) {
      if (Date.now() > deadline) throw new Error(`only ${done} of ${CANDIDATES} certificates rendered ahead within an hour`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const aheadSeconds = (performance.now() - started) / 1000;
    const aheadRate = CANDIDATES / aheadSeconds;
    out(`ahead     ${CANDIDATES} released certificates rendered and stored in ${aheadSeconds.toFixed(1)} s: ${aheadRate.toFixed(2)} certificates/s`);

    // download: a first download of another kind (participation) of those who earned a better one, a render each
    const others = Array.from({ length: CANDIDATES }, (_, i) => i).filter((i) => i % 3 !== 2);
    const download = await measure(others.length, CONCURRENCY, async (n) => {
      const i = others[n];
      const res = await fetch(`http://127.0.0.1:${PORTS.documents}/api/candidates/${codeOf(i)}/download/certificate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ motherName: MOTHER_NAME, kind: 'participation' }),
      });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || !body.subarray(0, 4).equals(Buffer.from('%PDF')) || res.headers.get('x-document-cache') !== 'miss') {
        throw new Error(`download of ${codeOf(i)}: ${res.status} ${res.headers.get('x-document-cache')} ${body.subarray(0, 200).toString()}`);
      }
    });
    out(`download  ${others.length} first downloads (participation, the best kind being cached), ${CONCURRENCY} at once: ${download.perSecond.toFixed(2)} certificates/s, p50 ${download.p50.toFixed(0)} ms, p95 ${download.p95.toFixed(0)} ms`);

    const minutes = TARGET / aheadRate / 60;
    out(`target    ${TARGET} certificates at the render-ahead's rate: ${minutes.toFixed(1)} min (${minutes <= 30 ? 'within' : 'OVER'} 30 min); at the downloads' rate: ${(TARGET / download.perSecond / 60).toFixed(1)} min`);
  } finally {
    documents.kill('SIGTERM');
    await new Promise((resolve) => documents.once('exit', resolve));
    await new Promise((resolve) => registration.close(resolve));
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
