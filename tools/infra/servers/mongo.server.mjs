// MongoDB wire protocol: FerretDB (SQLite backend) embedded in our own Go program (../ferretdb).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOOL_DIR, InfraError } from '../lib/config.mjs';
import { ensureInstalled, hashFiles } from '../lib/installs.mjs';
import { requireGo, runStep } from '../lib/toolchain.mjs';

const SOURCE_DIR = join(TOOL_DIR, 'ferretdb');
const SOURCES = ['main.go', 'go.mod', 'go.sum'].map((f) => join(SOURCE_DIR, f));
const BINARY = join('bin', 'kbe-ferretdb');

function ferretVersion() {
  const match = /github\.com\/FerretDB\/FerretDB (v\S+)/.exec(readFileSync(join(SOURCE_DIR, 'go.mod'), 'utf8'));
  if (!match) throw new InfraError(`cannot find the FerretDB version in ${join(SOURCE_DIR, 'go.mod')}`);
  return match[1];
}

const version = ferretVersion();

export const mongoServer = {
  name: 'mongo',
  daemon: true,
  version,
  title: `FerretDB ${version} (SQLite)`,
  installKey: `ferretdb-${version}`,
  readyTimeoutMs: 60_000,
  stopGraceMs: 15_000,
  ports: (s) => [s.mongoPort],

  async install({ p }) {
    return ensureInstalled({
      dir: p.install(this.installKey),
      stamp: hashFiles(SOURCES),
      artifact: BINARY,
      build: async (staging) => {
        const go = requireGo('Building FerretDB');
        await runStep({
          title: `go build FerretDB ${version}`,
          command: go,
          args: ['build', '-trimpath', '-buildvcs=false', '-o', join(staging, BINARY), '.'],
          cwd: SOURCE_DIR,
          env: { ...process.env, CGO_ENABLED: '0', GOTOOLCHAIN: 'local' },
          logFile: p.installLog(this.name),
          timeoutMs: 30 * 60_000,
        });
      },
    });
  },

  async prepare({ p }) {
    mkdirSync(p.data('mongo'), { recursive: true });
  },

  launch({ p, s }) {
    const binary = join(p.install(this.installKey), BINARY);
    return {
      command: binary,
      args: [
        '-listen-addr', `${s.host}:${s.mongoPort}`,
        '-sqlite-dir', p.data('mongo'),
        '-log-level', process.env.FERRETDB_LOG_LEVEL || 'error',
      ],
      env: process.env,
      cwd: p.home,
      marker: binary,
    };
  },

  /** One probe: ping, and tell which wire versions the server reports. */
  async probe({ s }) {
    // loaded on first use: status and down then start in a fraction of the time
    const { MongoClient } = await import('mongodb');
    const client = new MongoClient(`mongodb://${s.host}:${s.mongoPort}/`, {
      serverSelectionTimeoutMS: 2000,
      connectTimeoutMS: 2000,
    });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      const hello = await client.db('admin').command({ hello: 1 });
      const build = await client.db('admin').command({ buildInfo: 1 });
      return `wire ${hello.minWireVersion}-${hello.maxWireVersion}, reports MongoDB ${build.version}`;
    } finally {
      await client.close();
    }
  },
};
