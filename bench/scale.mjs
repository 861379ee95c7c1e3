#!/usr/bin/env node
// Release day at scale: what an admin does with N registered candidates, timed through the edge
// of a running stack (`npm start`, one URL), with a bare baseline measured in the same run.
//
//   RATE_LIMIT_REGISTER=1000000 RATE_LIMIT_SEARCH=1000000 TEST_DATA_CONSENT=true npm start   # the stack, in another terminal
//   node bench/scale.mjs                                 # N = 20,000 (seeds what is missing, then measures)
//   node bench/scale.mjs --candidates 300 --only dashboard,list --json /tmp/scale.json
//
// Options (environment in brackets):
//   --candidates N      candidates the stack must hold (SCALE_CANDIDATES, default 20000); a stack that
//                       already holds >= N is not seeded, one that holds fewer gets the difference
//   --skip-seed         measure what the stack holds, seed nothing
//   --clients C         concurrent clients while seeding (SCALE_CLIENTS, default 8)
//   --paid-share S      share of the seeded candidates whose fees are marked paid (default 0.6)
//   --calls K           measured calls per latency figure (default 20), after --warmups W (default 2)
//   --only a,b,...      a subset of: dashboard, list, search, detail, fees, public-search, export,
//                       hall-tickets, certificates, sms (the baseline always runs)
//   --json FILE         also write the results as JSON
//   --job-timeout S     give up on a release job or SMS campaign after S seconds (default 3600)
//   --pause-downstream  during the release jobs, pause (SIGSTOP, then SIGCONT) the local stack's
//                       documents-service, notifications-service and Chromium, which render and
//                       text what each release announces: the job's own time, as when those
//                       services run on their own machines (they catch up from Kafka afterwards)
//   KBE_BASE_URL (default http://localhost:8080), ADMIN_USERNAME / ADMIN_PASSWORD (admin / kbe-dev-admin)
//
// Seeding goes through the public API like the forms (bench/scale-seed.mjs): one school per 200
// candidates, one mentor per 25, candidates as multipart with a small JPEG photo and signature,
// three categories, six districts and their talukas, classes 5th to 12th; then fees paid for a
// share through the admin API. Registration is rate limited per client address (120 a minute by
// default), so the stack must run with RATE_LIMIT_REGISTER raised, as above.
//
// Measured, with the admin token, through the edge:
//   latency (p50 / p95 over --calls sequential calls, one client): the baseline (a static file,
//   /runtime-config.js, served by the edge itself, and GET /api/health, proxied to admin-service,
//   which asks every service; each figure is also printed as a ratio to both), GET
//   /api/admin/dashboard, the candidate list page 1 and page 40 (50 a page; the last page if there
//   are fewer), list search by name prefix (six prefixes in turn), candidate detail and fee marking (PATCH .../fees, a different paid candidate each call, which
//   stays paid), the downloads page's public search by code (GET /api/candidates/search/{code}).
//   throughput: the CSV export of all candidates (time to first and last byte, rows/s, rows
//   checked against the list's total), the bulk hall-ticket and certificate release jobs over
//   everybody (started, then polled every 500 ms as the admin area does, until done; only paid
//   candidates get hall tickets, checked against the fee counts), and an SMS campaign to all
//   candidates (POST /api/sms/send-bulk, then the campaign's live counts polled until nothing is
//   pending, and the admin's SMS history until it shows them all).
// Release jobs release only who is not released yet: on a second run over the same candidates
// they count `already-released` instead (printed), so their time is then that of a pass with no writes.
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { NAME_PREFIXES, seed } from './scale-seed.mjs';
import { machineFacts, out, pauseProcesses, resumeProcesses, round, sample, sleep, stackClient } from './scale.support.mjs';

const ALL_MEASUREMENTS = ['dashboard', 'list', 'search', 'detail', 'fees', 'public-search', 'export', 'hall-tickets', 'certificates', 'sms'];
const PAGE_SIZE = 50;
const DEEP_PAGE = 40;

function options() {
  const { values } = parseArgs({
    options: {
      candidates: { type: 'string', default: process.env.SCALE_CANDIDATES ?? '20000' },
      'skip-seed': { type: 'boolean', default: false },
      clients: { type: 'string', default: process.env.SCALE_CLIENTS ?? '8' },
      'paid-share': { type: 'string', default: '0.6' },
      calls: { type: 'string', default: '20' },
      warmups: { type: 'string', default: '2' },
      only: { type: 'string' },
      json: { type: 'string' },
      'job-timeout': { type: 'string', default: '3600' },
      'pause-downstream': { type: 'boolean', default: false },
    },
  });
  const only = values.only ? values.only.split(',').map((s) => s.trim()).filter(Boolean) : ALL_MEASUREMENTS;
  const unknown = only.filter((name) => !ALL_MEASUREMENTS.includes(name));
  if (unknown.length) throw new Error(`--only: unknown ${unknown.join(', ')} (known: ${ALL_MEASUREMENTS.join(', ')})`);
  return {
    candidates: Number(values.candidates),
    skipSeed: values['skip-seed'],
    clients: Number(values.clients),
    paidShare: Number(values['paid-share']),
    calls: Number(values.calls),
    warmups: Number(values.warmups),
    only,
    json: values.json,
    jobTimeoutMs: Number(values['job-timeout']) * 1000,
    pauseDownstream: values['pause-downstream'],
    baseUrl: (process.env.KBE_BASE_URL ?? 'http://localhost:8080').replace(/\/$/, ''),
    username: process.env.ADMIN_USERNAME ?? 'admin',
    password: process.env.ADMIN_PASSWORD ?? 'kbe-dev-admin',
  };
}

async function login(client, { username, password }) {
  const { body } = await client.call('POST', '/api/admin/login', { body: { username, password }, auth: false });
  client.setToken(body.token);
}

/** The candidate list's answer (admin API) for a query string. */
const list = (client, query) => client.call('GET', `/api/admin/candidates?${new URLSearchParams(query)}`).then((r) => r.body.data);

/** Counts the stack holds now: candidates (not deleted), paid, mentors, schools, releases. */
async function census(client) {
  const { body } = await client.call('GET', '/api/admin/dashboard');
  const d = body.data;
  const listed = (await list(client, { limit: 1 })).pagination.total;
  return { listed, candidates: d.stats.totalCandidates, paid: d.fees.paid, unpaid: d.fees.unpaid, mentors: d.stats.totalMentors, schools: d.stats.totalSchools, releases: d.releases };
}

/** Candidate codes to rotate over: `count` of them, paid ones when `filter` is 'paid'. */
async function sampleCodes(client, count, filter = 'all') {
  const codes = [];
  for (let page = 1; codes.length < count; page++) {
    const data = await list(client, { filter, page, limit: 100, sort: 'candidateId' });
    codes.push(...data.candidates.map((c) => c.candidateCode));
    if (page >= data.pagination.pages) break;
  }
  if (codes.length === 0) throw new Error(`no ${filter} candidates to measure with`);
  return codes.slice(0, count);
}

// ---------------------------------------------------------------------------------------------
// Latency measurements: each a list of { name, what, fn(i) } measured by `sample`
// ---------------------------------------------------------------------------------------------

function latencyCases(client, ctx) {
  const get = (path, auth = true) => () => client.call('GET', path, { auth });
  const codeAt = (i) => ctx.codes[i % ctx.codes.length];
  return {
    baseline: [
      { name: 'static file (baseline)', what: 'GET /runtime-config.js', fn: get('/runtime-config.js', false) },
      { name: 'health', what: 'GET /api/health', fn: get('/api/health', false) },
    ],
    dashboard: [{ name: 'dashboard', what: 'GET /api/admin/dashboard', fn: get('/api/admin/dashboard') }],
    list: [
      { name: 'list page 1', what: `GET /api/admin/candidates?page=1&limit=${PAGE_SIZE}`, fn: get(`/api/admin/candidates?page=1&limit=${PAGE_SIZE}`) },
      { name: `list page ${ctx.deepPage}`, what: `GET /api/admin/candidates?page=${ctx.deepPage}&limit=${PAGE_SIZE}`, fn: get(`/api/admin/candidates?page=${ctx.deepPage}&limit=${PAGE_SIZE}`) },
    ],
    search: [
      {
        name: 'list search by name',
        what: `GET /api/admin/candidates?search=<${NAME_PREFIXES.join('|')}>&limit=${PAGE_SIZE}`,
        fn: (i) => client.call('GET', `/api/admin/candidates?search=${NAME_PREFIXES[i % NAME_PREFIXES.length]}&limit=${PAGE_SIZE}`),
      },
    ],
    detail: [{ name: 'candidate detail', what: 'GET /api/admin/candidates/{id}', fn: (i) => client.call('GET', `/api/admin/candidates/${codeAt(i)}`) }],
    fees: [
      {
        name: 'fee marking',
        what: 'PATCH /api/admin/candidates/{id}/fees',
        fn: (i) => client.call('PATCH', `/api/admin/candidates/${ctx.paidCodes[i % ctx.paidCodes.length]}/fees`, { body: { feesPaid: true, receiptNumber: `SCALE-${Date.now() % 1e6}-${i}` } }),
      },
    ],
    'public-search': [
      { name: 'public search by code', what: 'GET /api/candidates/search/{code}', fn: (i) => client.call('GET', `/api/candidates/search/${codeAt(i)}`, { auth: false }) },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Throughput measurements: export, release jobs, SMS campaign
// ---------------------------------------------------------------------------------------------

/**
 * One CSV export, streamed: time to first byte, to last byte, and its data rows. A stream that
 * sends nothing for `stallMs` is aborted (an error after the header leaves the answer open).
 */
async function exportOnce(client, stallMs = 60_000) {
  const abort = new AbortController();
  let timer;
  const watchdog = () => {
    clearTimeout(timer);
    timer = setTimeout(() => abort.abort(new Error(`export stalled: nothing for ${stallMs / 1000} s`)), stallMs);
  };
  const t0 = performance.now();
  let firstByte;
  let newlines = 0;
  let bytes = 0;
  let last = 10;
  watchdog();
  try {
    const res = await fetch(`${client.baseUrl}/api/admin/candidates/export.csv`, { headers: client.authHeader(), signal: abort.signal });
    if (res.status !== 200) throw new Error(`export: ${res.status} ${(await res.text()).slice(0, 200)}`);
    for await (const chunk of res.body) {
      watchdog();
      firstByte ??= performance.now() - t0;
      bytes += chunk.length;
      for (let k = 0; k < chunk.length; k++) if (chunk[k] === 10) newlines++;
      last = chunk[chunk.length - 1];
    }
  } catch (error) {
    throw new Error(`${abort.signal.reason?.message ?? error.message} (${bytes} bytes, ${newlines} lines received)`);
  } finally {
    clearTimeout(timer);
  }
  const ms = performance.now() - t0;
  const lines = newlines + (last === 10 ? 0 : 1);
  return { ms, firstByteMs: firstByte, bytes, rows: lines - 1 };
}

async function measureExport(client, ctx, { calls }) {
  const runs = [];
  await exportOnce(client); // warm-up
  for (let i = 0; i < Math.max(1, Math.min(calls, 3)); i++) runs.push(await exportOnce(client));
  const best = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
  const rowsOk = runs.every((r) => r.rows === ctx.census.listed);
  return {
    name: 'CSV export (all candidates)',
    what: 'GET /api/admin/candidates/export.csv',
    n: runs.length,
    seconds: best.ms / 1000,
    rows: best.rows,
    perSecond: best.rows / (best.ms / 1000),
    note: `median of ${runs.length} after 1 warm-up; first byte ${best.firstByteMs.toFixed(0)} ms; ${(best.bytes / 2 ** 20).toFixed(1)} MiB; rows ${rowsOk ? '=' : '≠'} ${ctx.census.listed} listed${rowsOk ? '' : ` (got ${runs.map((r) => r.rows).join(', ')})`}`,
    ok: rowsOk,
  };
}

/** Polls `read()` every `everyMs` until `done(state)`; prints `describe(state)` every 5 s. */
async function pollUntil({ read, done, describe, everyMs, timeoutMs, label }) {
  const t0 = performance.now();
  let lastPrint = t0;
  let polls = 0;
  for (;;) {
    const state = await read();
    polls++;
    const now = performance.now();
    if (done(state)) return { state, seconds: (now - t0) / 1000, polls };
    if (now - t0 > timeoutMs) throw new Error(`${label}: not done after ${((now - t0) / 1000).toFixed(0)} s: ${describe(state)}`);
    if (now - lastPrint >= 5000) {
      out(`  ${label}: ${describe(state)}, ${((now - t0) / 1000).toFixed(0)} s`);
      lastPrint = now;
    }
    await sleep(everyMs);
  }
}

const reasonCount = (job, reason) => job.skipped.reasons.find((r) => r.reason === reason)?.count ?? 0;

/** A bulk release of `kind` over everybody: start, poll the job until it ends, check the counts. */
async function measureRelease(client, ctx, kind, { jobTimeoutMs, pauseDownstream }) {
  const path = kind === 'hall-ticket' ? '/api/admin/hall-tickets/release' : '/api/admin/certificates/release';
  const before = await census(client);
  const paused = pauseDownstream ? pauseProcesses(DOWNSTREAM_PROCESSES) : [];
  try {
    return await timeRelease(client, kind, path, before, jobTimeoutMs, paused.length);
  } finally {
    resumeProcesses(paused);
  }
}

/** What renders and texts a release's announcement, in the local stack (matched on the command line). */
const DOWNSTREAM_PROCESSES = [/dist\/apps\/documents-service\/main\.js/, /dist\/apps\/notifications-service\/main\.js/, /\/chromium(\s|$)/];

async function timeRelease(client, kind, path, before, jobTimeoutMs, pausedCount) {
  const t0 = performance.now();
  const started = await client.call('POST', path, { body: {}, expect: [202] });
  const acceptedMs = performance.now() - t0;
  const { state: job, polls } = await pollUntil({
    label: `${kind} release`,
    read: async () => (await client.call('GET', `/api/admin/release-jobs/${started.body.data.id}`)).body.data,
    done: (j) => j.status === 'completed' || j.status === 'failed',
    describe: (j) => `${j.status} ${j.processed}/${j.total} (${j.percent}%), released ${j.released}, skipped ${j.skipped.count}`,
    everyMs: 500,
    timeoutMs: jobTimeoutMs,
  });
  const seconds = (performance.now() - t0) / 1000;
  const eligible = kind === 'hall-ticket' ? before.paid : before.candidates;
  const releasedNow = job.released + reasonCount(job, 'already-released');
  const ok = job.status === 'completed' && job.failed.count === 0 && releasedNow === eligible && (kind !== 'hall-ticket' || reasonCount(job, 'fees-unpaid') === before.unpaid);
  const reasons = job.skipped.reasons.map((r) => `${r.reason} ${r.count}`).join(', ') || 'none';
  return {
    name: `${kind} release job (all)`,
    what: `POST ${path}, GET /api/admin/release-jobs/{id} every 500 ms`,
    n: 1,
    seconds,
    rows: job.total,
    perSecond: job.total / seconds,
    note: `${job.status}; released ${job.released} (${(job.released / seconds).toFixed(1)}/s), skipped ${reasons}, failed ${job.failed.count}; eligible ${eligible}${ok ? ' ✓' : ' ✗'}; 202 in ${acceptedMs.toFixed(0)} ms; ${polls} polls${pausedCount ? `; downstream paused (${pausedCount} processes)` : ''}`,
    ok,
    job,
  };
}

/** An SMS campaign to everybody with the stack's provider; done when the live counts have nothing pending. */
async function measureSms(client, ctx, { jobTimeoutMs }) {
  const message = 'KBE Young Scientist: hall tickets are out. ID {candidateCode}. Download from the portal.';
  const t0 = performance.now();
  const { body } = await client.call('POST', '/api/sms/send-bulk', { body: { recipients: 'all', message } });
  const acceptedMs = performance.now() - t0;
  const { campaignId, successCount: queued, failureCount: rejected } = body.data;
  const live = await pollUntil({
    label: 'sms campaign',
    read: async () => (await client.call('GET', `/api/notifications/campaigns/${encodeURIComponent(campaignId)}`, { expect: [200, 404] })).body.data,
    done: (s) => s && s.expanded && s.pending === 0 && s.sent + s.failed >= s.queued,
    describe: (s) => (s ? `queued ${s.queued}, sent ${s.sent}, failed ${s.failed}, pending ${s.pending}${s.expanded ? '' : ' (expanding)'}` : 'not yet known'),
    everyMs: 500,
    timeoutMs: jobTimeoutMs,
  });
  const sentSeconds = (performance.now() - t0) / 1000;
  const history = await pollUntil({
    label: 'sms history',
    read: async () => (await client.call('GET', '/api/sms/history?limit=10')).body.data.history.find((h) => h.id === campaignId),
    done: (h) => h && h.queuedCount === 0 && h.successCount + h.failedCount >= h.recipientCount,
    describe: (h) => (h ? `success ${h.successCount}, failed ${h.failedCount}, queued ${h.queuedCount} of ${h.recipientCount}` : 'not listed'),
    everyMs: 500,
    timeoutMs: 120_000,
  });
  const historySeconds = (performance.now() - t0) / 1000;
  const s = live.state;
  const ok = s.sent === ctx.census.listed && s.failed === 0;
  return {
    name: 'SMS campaign to all',
    what: 'POST /api/sms/send-bulk, then GET /api/notifications/campaigns/{id} and GET /api/sms/history every 500 ms',
    n: 1,
    seconds: sentSeconds,
    rows: s.sent,
    perSecond: s.sent / sentSeconds,
    note: `accepted ${queued} (rejected ${rejected}) in ${acceptedMs.toFixed(0)} ms; sent ${s.sent}, failed ${s.failed}${ok ? ' ✓' : ` ✗ (expected ${ctx.census.listed})`}; admin history complete after ${historySeconds.toFixed(1)} s`,
    ok,
    campaignId,
    counts: s,
    historySeconds,
  };
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

function printReport(report) {
  const { machine, census: c } = report;
  out('');
  out(`### Scale benchmark, ${report.date}, N = ${report.candidates}`);
  out('');
  out(`- command: \`${report.command}\``);
  out(`- stack: ${report.baseUrl}, checkout ${machine.commit}; data: ${c.candidates} candidates (${c.paid} paid, ${c.unpaid} unpaid), ${c.mentors} mentors, ${c.schools} schools`);
  out(`- machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}; load average ${report.loadStart.join(' ')} at start, ${report.loadEnd.join(' ')} at end`);
  if (report.seeding) {
    const s = report.seeding;
    out(`- seeded this run (${report.clients} clients, tag ${s.run}): ${['schools', 'mentors', 'candidates', 'fees'].map((k) => `${s[k].count} ${k === 'fees' ? 'fees paid' : k} at ${s[k].perSecond.toFixed(1)}/s (${s[k].seconds.toFixed(0)} s)`).join('; ')}`);
  } else {
    out(`- seeding: ${report.seedSkipped}`);
  }
  const staticP50 = report.latency.find((r) => r.name === 'static file (baseline)')?.p50;
  const healthP50 = report.latency.find((r) => r.name === 'health')?.p50;
  const ratio = (p50, base) => (base ? `${(p50 / base).toFixed(1)}x` : '-');
  out('');
  out(`| measurement | request | n | p50 ms | p95 ms | p50 / static p50 | p50 / health p50 |`);
  out(`| --- | --- | ---: | ---: | ---: | ---: | ---: |`);
  for (const r of report.latency) {
    if (r.error) out(`| ${r.name} | \`${r.what}\` | | failed: ${r.error} | | | |`);
    else out(`| ${r.name} | \`${r.what}\` | ${r.n} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${ratio(r.p50, staticP50)} | ${ratio(r.p50, healthP50)} |`);
  }
  if (report.throughput.length) {
    out('');
    out(`| job | how | rows | total s | rows/s | notes |`);
    out(`| --- | --- | ---: | ---: | ---: | --- |`);
    for (const r of report.throughput) {
      if (r.error) out(`| ${r.name} | | | | | failed: ${r.error} |`);
      else out(`| ${r.name} | \`${r.what}\` | ${r.rows} | ${r.seconds.toFixed(2)} | ${r.perSecond.toFixed(0)} | ${r.note} |`);
    }
  }
  out('');
}

/** A measurement's result, or `{ error }` when it failed: the others still run, and the run exits 1. */
async function attempt(measure) {
  try {
    return await measure();
  } catch (error) {
    out(`  FAILED: ${error.message}`);
    return { error: error.message.split('\n')[0], ok: false };
  }
}

async function main() {
  const opts = options();
  const client = stackClient(opts.baseUrl);
  const command = `node bench/scale.mjs ${process.argv.slice(2).join(' ')}`.trim();
  const loadStart = loadavg().map((l) => round(l, 2));
  await client.call('GET', '/api/health', { auth: false }).catch((error) => {
    throw new Error(`no stack at ${opts.baseUrl} (${error.message}); start one with \`RATE_LIMIT_REGISTER=1000000 RATE_LIMIT_SEARCH=1000000 npm start\``);
  });
  await login(client, opts);

  let seeding;
  let seedSkipped;
  const present = (await census(client)).listed;
  if (opts.skipSeed) seedSkipped = `--skip-seed (stack holds ${present})`;
  else if (present >= opts.candidates) seedSkipped = `skipped, the stack already holds ${present} >= ${opts.candidates}`;
  else seeding = await seed(client, { count: opts.candidates - present, clients: opts.clients, paidShare: opts.paidShare });

  const ctx = { census: await census(client) };
  const pages = Math.max(1, Math.ceil(ctx.census.candidates / PAGE_SIZE));
  ctx.deepPage = Math.min(DEEP_PAGE, pages);
  const need = opts.calls + opts.warmups;
  ctx.codes = await sampleCodes(client, Math.max(need, 50));
  ctx.paidCodes = opts.only.includes('fees') ? await sampleCodes(client, need, 'paid') : [];

  const cases = latencyCases(client, ctx);
  const latency = [];
  for (const name of ['baseline', ...opts.only.filter((n) => cases[n])]) {
    for (const c of cases[name]) {
      out(`measuring ${c.name} ...`);
      latency.push({ name: c.name, what: c.what, ...(await attempt(() => sample({ calls: opts.calls, warmups: opts.warmups, fn: c.fn }))) });
    }
  }
  const throughput = [];
  const jobs = {
    export: () => measureExport(client, ctx, opts),
    'hall-tickets': () => measureRelease(client, ctx, 'hall-ticket', opts),
    certificates: () => measureRelease(client, ctx, 'certificate', opts),
    sms: () => measureSms(client, ctx, opts),
  };
  for (const name of opts.only.filter((n) => jobs[n])) {
    out(`measuring ${name} ...`);
    throughput.push({ name, ...(await attempt(jobs[name])) });
  }

  const report = {
    date: new Date().toISOString(),
    command,
    baseUrl: opts.baseUrl,
    candidates: opts.candidates,
    clients: opts.clients,
    machine: machineFacts(),
    loadStart,
    loadEnd: loadavg().map((l) => round(l, 2)),
    census: ctx.census,
    seeding,
    seedSkipped,
    latency,
    throughput,
  };
  printReport(report);
  if (opts.json) writeFileSync(opts.json, `${JSON.stringify(report, null, 2)}\n`);
  if ([...latency, ...throughput].some((r) => r.ok === false)) {
    out('some measurements failed or their checks did not hold (failed / ✗ above)');
    process.exitCode = 1;
  }
}

await main();
