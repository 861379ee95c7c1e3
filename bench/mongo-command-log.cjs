// Preloaded into a service under benchmark (`node --require bench/mongo-command-log.cjs`, set by
// bench/registration.mjs with BENCH_PROFILE=1): turns on the mongodb driver's command monitoring
// for every client the service opens and counts the statements it sends, by command and
// collection, with their total time; Kafka producer batches (kafkajs `sendBatch`) are counted
// the same way (documents = messages). On SIGUSR2 it writes the counts since the last signal to
// BENCH_COMMAND_LOG (JSON) and starts counting again, so the bench can attribute them to a phase.
// With BENCH_COMMAND_SUMMARY=<file> it also writes the totals since start there every second,
// most time first (for a service under any benchmark, e.g. the notifications one:
//   BENCH_COMMAND_SUMMARY=/tmp/commands.txt NOTIFICATIONS_BENCH_NODE_ARGS="-r $PWD/bench/mongo-command-log.cjs" \
//     flock /tmp/kbe-servers.lock node bench/notifications.mjs 1).
const { writeFileSync } = require('node:fs');
const { MongoClient } = require('mongodb');

const counts = new Map();
const totals = new Map();
const startedAt = performance.now();
const started = new Map();
const IGNORED = new Set(['hello', 'isMaster', 'ismaster', 'ping', 'endSessions', 'saslStart', 'saslContinue', 'buildInfo']);

function watch(client) {
  if (client.__kbeCommandLog) return;
  client.__kbeCommandLog = true;
  client.monitorCommands = true;
  client.on('commandStarted', (event) => {
    if (IGNORED.has(event.commandName)) return;
    const collection = typeof event.command[event.commandName] === 'string' ? event.command[event.commandName] : '';
    const size = event.command.documents?.length ?? event.command.updates?.length ?? event.command.deletes?.length ?? 1;
    started.set(event.requestId, { key: `${event.commandName} ${collection}`, at: performance.now(), size });
  });
  const finish = (event) => {
    const start = started.get(event.requestId);
    if (!start) return;
    started.delete(event.requestId);
    count(start.key, start.size, performance.now() - start.at);
  };
  client.on('commandSucceeded', finish);
  client.on('commandFailed', finish);
}

const connect = MongoClient.prototype.connect;
MongoClient.prototype.connect = function connectWatched(...args) {
  watch(this);
  return connect.apply(this, args);
};

function count(key, documents, ms) {
  for (const map of [counts, totals]) {
    const entry = map.get(key) ?? { statements: 0, documents: 0, ms: 0 };
    entry.statements += 1;
    entry.documents += documents;
    entry.ms += ms;
    map.set(key, entry);
  }
}

const { Kafka } = require('kafkajs');
const producer = Kafka.prototype.producer;
Kafka.prototype.producer = function timedProducer(...args) {
  const created = producer.apply(this, args);
  const sendBatch = created.sendBatch.bind(created);
  created.sendBatch = async (batch) => {
    const at = performance.now();
    const messages = batch.topicMessages?.reduce((sum, topic) => sum + topic.messages.length, 0) ?? 0;
    try {
      return await sendBatch(batch);
    } finally {
      count('kafka sendBatch', messages, performance.now() - at);
    }
  };
  return created;
};

process.on('SIGUSR2', () => {
  writeFileSync(process.env.BENCH_COMMAND_LOG, JSON.stringify(Object.fromEntries(counts)));
  counts.clear();
});

const summaryFile = process.env.BENCH_COMMAND_SUMMARY;
if (summaryFile) {
  setInterval(() => {
    const lines = [...totals]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([key, { statements, documents, ms }]) => `${key}: ${statements} statements, ${documents} documents, ${ms.toFixed(0)} ms (${(ms / statements).toFixed(1)} ms each)`);
    writeFileSync(summaryFile, `after ${(performance.now() - startedAt).toFixed(0)} ms\n${lines.join('\n')}\n`);
  }, 1_000).unref();
}
