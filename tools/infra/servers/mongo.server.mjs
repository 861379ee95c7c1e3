// MongoDB wire protocol: FerretDB over PostgreSQL (./postgres.server.mjs), embedded in our own Go
// program (../ferretdb) and built with our patches (ADR 0004).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { postgresUrl } from './postgres.server.mjs';
import { join } from 'node:path';
import { TOOL_DIR, InfraError } from '../lib/config.mjs';
import { ensureInstalled, hashFiles } from '../lib/installs.mjs';
import { goOutputKind } from '../lib/progress.mjs';
import { requireGo, runStep } from '../lib/toolchain.mjs';

const SOURCE_DIR = join(TOOL_DIR, 'ferretdb');
const PATCH_DIR = join(SOURCE_DIR, 'patches');
const PATCHES = readdirSync(PATCH_DIR).filter((f) => f.endsWith('.patch')).sort().map((f) => join(PATCH_DIR, f));
const SOURCES = [...['main.go', 'go.mod', 'go.sum'].map((f) => join(SOURCE_DIR, f)), ...PATCHES];
const BINARY = join('bin', 'kbe-ferretdb');

function ferretVersion() {
  const match = /github\.com\/FerretDB\/FerretDB (v\S+)/.exec(readFileSync(join(SOURCE_DIR, 'go.mod'), 'utf8'));
  if (!match) throw new InfraError(`cannot find the FerretDB version in ${join(SOURCE_DIR, 'go.mod')}`);
  return match[1];
}

const version = ferretVersion();

/**
 * FerretDB's module from the Go module cache with our patches applied (tools/infra/ferretdb/
 * patches, see its README), and a copy of our program that builds against it. Returns the
 * program's directory.
 */
async function preparePatchedSources(go, work, env, { logFile, progress }) {
  // the download itself as a step of its own (-x: one line per fetch, for the heartbeat); the
  // -json call below then only reads the module cache
  await runStep({
    title: `go mod download FerretDB ${version}`,
    command: go,
    args: ['mod', 'download', '-x', `github.com/FerretDB/FerretDB@${version}`],
    cwd: SOURCE_DIR,
    env,
    logFile,
    timeoutMs: 30 * 60_000,
    progress,
    label: 'mongo',
  });
  const download = JSON.parse(
    execFileSync(go, ['mod', 'download', '-json', `github.com/FerretDB/FerretDB@${version}`], { cwd: SOURCE_DIR, env, encoding: 'utf8' }),
  );
  const ferret = join(work, 'FerretDB');
  cpSync(download.Dir, ferret, { recursive: true });
  execFileSync('chmod', ['-R', 'u+w', ferret]); // the module cache is read-only
  for (const patch of PATCHES) {
    try {
      execFileSync('git', ['apply', '-p1', patch], { cwd: ferret, stdio: 'pipe' });
    } catch (error) {
      throw new InfraError(`patch ${patch} does not apply to FerretDB ${version}: ${String(error.stderr ?? error.message)}`);
    }
  }
  const program = join(work, 'kbe-ferretdb');
  mkdirSync(program, { recursive: true });
  for (const file of ['main.go', 'go.mod', 'go.sum']) cpSync(join(SOURCE_DIR, file), join(program, file));
  writeFileSync(
    join(program, 'go.mod'),
    `${readFileSync(join(program, 'go.mod'), 'utf8')}\nreplace github.com/FerretDB/FerretDB ${version} => ../FerretDB\n`,
  );
  return program;
}

export const mongoServer = {
  name: 'mongo',
  daemon: true,
  version,
  title: `FerretDB ${version} (PostgreSQL)`,
  dependsOn: ['postgres'],
  installKey: `ferretdb-${version}`,
  readyTimeoutMs: 60_000,
  stopGraceMs: 15_000,
  ports: (s) => [s.mongoPort],

  async install({ p, progress }) {
    return ensureInstalled({
      dir: p.install(this.installKey),
      stamp: hashFiles(SOURCES),
      artifact: BINARY,
      build: async (staging) => {
        const go = requireGo('Building FerretDB');
        const env = { ...process.env, CGO_ENABLED: '0', GOTOOLCHAIN: 'local' };
        const work = join(staging, 'src');
        try {
          const logFile = p.installLog(this.name);
          const program = await preparePatchedSources(go, work, env, { logFile, progress });
          await runStep({
            title: `go build FerretDB ${version} (with ${PATCHES.length} patch(es))`,
            command: go,
            // -v names each package as it is compiled: the heartbeat's "last" line and counter
            args: ['build', '-v', '-trimpath', '-buildvcs=false', '-o', join(staging, BINARY), '.'],
            cwd: program,
            env,
            logFile,
            timeoutMs: 30 * 60_000,
            progress,
            label: this.name,
            expect: 'first build about 1.5-2.5 min; seconds with a warm Go build cache',
            kind: goOutputKind,
          });
        } finally {
          rmSync(work, { recursive: true, force: true });
        }
      },
    });
  },

  async prepare() {
    // nothing: FerretDB keeps its data in the postgres server, prepared before it
  },

  launch({ p, s }) {
    const binary = join(p.install(this.installKey), BINARY);
    return {
      command: binary,
      args: [
        '-listen-addr', `${s.host}:${s.mongoPort}`,
        '-postgresql-url', postgresUrl(s),
        '-log-level', process.env.FERRETDB_LOG_LEVEL || 'error',
        // FERRETDB_DEBUG_ADDR=127.0.0.1:6060 serves Go's /debug/pprof (goroutines: open cursors, pool waits).
        ...(process.env.FERRETDB_DEBUG_ADDR ? ['-debug-addr', process.env.FERRETDB_DEBUG_ADDR] : []),
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
