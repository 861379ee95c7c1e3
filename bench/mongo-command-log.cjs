// Preloaded into a service under benchmark (`node --require bench/mongo-command-log.cjs`, set by
// bench/registration.mjs with BENCH_PROFILE=1): turns on the mongodb driver's command monitoring
// for every client the service opens and counts the statements it sends, by command and
// collection, with their total time. On SIGUSR2 it writes the counts since the last signal to
// BENCH_COMMAND_LOG (JSON) and starts counting again, so the bench can attribute them to a phase.
const { writeFileSync } = require('node:fs');
const { MongoClient } = require('mongodb');

const counts = new Map();
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
    const entry = counts.get(start.key) ?? { statements: 0, documents: 0, ms: 0 };
    entry.statements += 1;
    entry.documents += start.size;
    entry.ms += performance.now() - start.at;
    counts.set(start.key, entry);
  };
  client.on('commandSucceeded', finish);
  client.on('commandFailed', finish);
}

const connect = MongoClient.prototype.connect;
MongoClient.prototype.connect = function connectWatched(...args) {
  watch(this);
  return connect.apply(this, args);
};

process.on('SIGUSR2', () => {
  writeFileSync(process.env.BENCH_COMMAND_LOG, JSON.stringify(Object.fromEntries(counts)));
  counts.clear();
});
