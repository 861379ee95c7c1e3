// Timeline of notifications-service under bench/notifications.mjs: preloaded into the service,
// it records every MongoDB command, kafkajs send / sendBatch, consumer batch (or message) and
// provider call (node:http) with its wall-clock start and end, and writes them to TIMELINE_FILE
// (JSON lines) every 2 s and on exit. Run it as a script on that file to print the last run,
// in ms from its first `sms.requested` batch (start, end, duration, what, documents):
//   TIMELINE_FILE=/tmp/timeline.jsonl NOTIFICATIONS_BENCH_NODE_ARGS="-r $PWD/bench/notifications-timeline.cjs" \
//     flock /tmp/kbe-servers.lock node bench/notifications.mjs 1
//   node bench/notifications-timeline.cjs /tmp/timeline.jsonl
if (require.main === module) {
  const { readFileSync } = require('node:fs');
  const rows = readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)).sort((a, b) => a.s - b.s);
  const events = rows.filter((row) => row.k.includes('sms.requested'));
  // The last run starts with the first event batch after a pause (the bare pair ran meanwhile).
  let t0 = events[0]?.s ?? 0;
  for (let i = 1; i < events.length; i += 1) if (events[i].s - events[i - 1].e > 300) t0 = events[i].s;
  for (const row of rows.filter((r) => r.s >= t0 - 50)) {
    process.stdout.write(`${String(Math.round(row.s - t0)).padStart(6)} ${String(Math.round(row.e - t0)).padStart(6)} ${String(Math.round(row.e - row.s)).padStart(5)} ${row.k} ${row.n}\n`);
  }
  return;
}
const { writeFileSync } = require('node:fs');
const { MongoClient } = require('mongodb');
const file = process.env.TIMELINE_FILE ?? 'notifications-timeline.jsonl';
const now = () => performance.timeOrigin + performance.now();
const rows = [];
const IGNORED = new Set(['hello', 'isMaster', 'ismaster', 'ping', 'endSessions', 'saslStart', 'saslContinue', 'buildInfo']);
const started = new Map();
const connect = MongoClient.prototype.connect;
MongoClient.prototype.connect = function (...args) {
  if (!this.__tl) {
    this.__tl = true;
    this.monitorCommands = true;
    this.on('commandStarted', (e) => {
      if (IGNORED.has(e.commandName)) return;
      const coll = typeof e.command[e.commandName] === 'string' ? e.command[e.commandName] : '';
      const size = e.command.documents?.length ?? e.command.updates?.length ?? e.command.deletes?.length ?? 1;
      started.set(e.requestId, { k: `${e.commandName} ${coll}`, s: now(), n: size });
    });
    const fin = (e) => { const r = started.get(e.requestId); if (!r) return; started.delete(e.requestId); r.e = now(); rows.push(r); };
    this.on('commandSucceeded', fin);
    this.on('commandFailed', fin);
  }
  return connect.apply(this, args);
};
const { Kafka } = require('kafkajs');
const producer = Kafka.prototype.producer;
Kafka.prototype.producer = function (...args) {
  const p = producer.apply(this, args);
  for (const name of ['sendBatch', 'send']) {
    const orig = p[name].bind(p);
    p[name] = async (b) => {
      const s = now();
      const n = b.topicMessages?.reduce((x, t) => x + t.messages.length, 0) ?? b.messages?.length ?? 0;
      try { return await orig(b); } finally { rows.push({ k: `kafka ${name}`, s, e: now(), n }); }
    };
  }
  return p;
};
const consumer = Kafka.prototype.consumer;
Kafka.prototype.consumer = function (...args) {
  const c = consumer.apply(this, args);
  const run = c.run.bind(c);
  c.run = (opts) => {
    const o = { ...opts };
    if (o.eachBatch) { const f = o.eachBatch; o.eachBatch = async (p) => { const s = now(); try { return await f(p); } finally { rows.push({ k: `batch ${p.batch.topic.replace(/^bench[^.]*\./, '')}/${p.batch.partition}`, s, e: now(), n: p.batch.messages.length }); } }; }
    if (o.eachMessage) { const f = o.eachMessage; o.eachMessage = async (p) => { const s = now(); try { return await f(p); } finally { rows.push({ k: `message ${p.topic.replace(/^bench[^.]*\./, '')}/${p.partition}`, s, e: now(), n: 1 }); } }; }
    return run(o);
  };
  return c;
};
// Provider calls: the MSG91 client posts with node:http (gateway-post.ts); a call ends when its answer has been read.
const http = require('node:http');
const request = http.request;
http.request = function (...args) {
  const s = now();
  const req = request.apply(this, args);
  req.on('response', (res) => res.on('end', () => rows.push({ k: 'provider call', s, e: now(), n: 1 })));
  return req;
};
const dump = () => writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n'));
process.on('exit', dump);
setInterval(dump, 2000).unref();
