// Preload for a service process: times its MongoDB driver calls per collection and method and
// writes the totals to $MONGO_TIMING_FILE every second (a process stopped by a signal writes
// nothing on exit). Used with the notifications benchmark:
//   MONGO_TIMING_FILE=/tmp/timing.txt NOTIFICATIONS_BENCH_NODE_ARGS="-r $PWD/bench/mongo-command-timing.cjs" \
//     flock /tmp/kbe-servers.lock node bench/notifications.mjs 1
const { writeFileSync } = require('node:fs');
const { Collection } = require('mongodb');

const stats = new Map();
const started = performance.now();

function count(key, ms, docs) {
  const entry = stats.get(key) ?? { calls: 0, ms: 0, docs: 0 };
  entry.calls += 1;
  entry.ms += ms;
  entry.docs += docs;
  stats.set(key, entry);
}

for (const method of ['insertOne', 'insertMany', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany', 'findOne', 'countDocuments']) {
  const original = Collection.prototype[method];
  Collection.prototype[method] = async function timed(...args) {
    const start = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      count(`${this.collectionName}.${method}`, performance.now() - start, Array.isArray(args[0]) ? args[0].length : 1);
    }
  };
}

const find = Collection.prototype.find;
Collection.prototype.find = function timedFind(...args) {
  const cursor = find.apply(this, args);
  const toArray = cursor.toArray.bind(cursor);
  const name = this.collectionName;
  cursor.toArray = async () => {
    const start = performance.now();
    try {
      return await toArray();
    } finally {
      count(`${name}.find`, performance.now() - start, 0);
    }
  };
  return cursor;
};

const file = process.env.MONGO_TIMING_FILE;
if (file) {
  setInterval(() => {
    const lines = [...stats]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([key, { calls, ms, docs }]) => `${key}: ${calls} calls, ${docs} documents, ${ms.toFixed(0)} ms (${(ms / calls).toFixed(1)} ms each)`);
    writeFileSync(file, `after ${(performance.now() - started).toFixed(0)} ms\n${lines.join('\n')}\n`);
  }, 1_000).unref();
}
