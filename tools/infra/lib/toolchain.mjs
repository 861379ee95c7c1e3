// Finding toolchains (go, java, mvn, apt-get) and running build steps with their output in a log.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, openSync, closeSync, writeSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { InfraError } from './config.mjs';
import { tail } from './processes.mjs';
import { lineSplitter } from './progress.mjs';

/** Absolute path of an executable on PATH, or undefined. */
export function which(command, env = process.env) {
  if (command.includes('/')) {
    try {
      accessSync(command, constants.X_OK);
      return command;
    } catch {
      return undefined;
    }
  }
  for (const dir of (env.PATH || '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return undefined;
}

/** stdout and stderr of a short command (`java -version` prints to stderr). */
function output(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  return `${result.stdout ?? ''}${result.stderr ?? ''}`;
}

function versionAtLeast(actual, minimum) {
  for (let i = 0; i < minimum.length; i += 1) {
    const a = actual[i] ?? 0;
    if (a !== minimum[i]) return a > minimum[i];
  }
  return true;
}

const GO_HINT = 'install Go >= 1.24 (official tarball from the Go download page, or a golang-1.24+ package) and put `go` on PATH';

/** Path of a Go toolchain >= 1.24 (FerretDB v1.24.2 and the pinned MinIO need it). */
export function requireGo(purpose) {
  const go = which('go');
  if (!go) throw new InfraError(`${purpose} needs the Go toolchain, but \`go\` is not on PATH: ${GO_HINT}`);
  const match = /go(\d+)\.(\d+)(?:\.(\d+))?/.exec(output(go, ['version']));
  if (!match || !versionAtLeast(match.slice(1).map((v) => Number(v ?? 0)), [1, 24])) {
    throw new InfraError(`${purpose} needs Go >= 1.24, found "${output(go, ['version']).trim()}": ${GO_HINT}`);
  }
  return go;
}

/** Path of a Java runtime >= 11 (Kafka 3.9 needs 11+, 17 recommended). */
export function requireJava(purpose) {
  const java = which('java');
  const hint = 'install a Java 17 runtime: `apt-get install -y openjdk-17-jre-headless`';
  if (!java) throw new InfraError(`${purpose} needs Java, but \`java\` is not on PATH: ${hint}`);
  const text = output(java, ['-version']);
  const match = /version "(\d+)(?:\.(\d+))?/.exec(text);
  let major = match ? Number(match[1]) : 0;
  if (major === 1 && match) major = Number(match[2]);
  if (major < 11) throw new InfraError(`${purpose} needs Java >= 11, found "${text.split('\n')[0]}": ${hint}`);
  return java;
}

export function requireMaven(purpose) {
  const mvn = which('mvn');
  if (!mvn) {
    throw new InfraError(`${purpose} needs Apache Maven, but \`mvn\` is not on PATH: install it with \`apt-get install -y maven\``);
  }
  return mvn;
}

/**
 * Runs a build/install step, appending its output to `logFile`. Rejects with an InfraError
 * that quotes the end of the log when it fails or exceeds `timeoutMs`.
 * `uid`/`gid` run it as another account (root runs PostgreSQL's tools as `postgres`).
 * With `progress` (lib/progress.mjs) the step is announced, its output lines feed the heartbeat
 * (`kind` counts them, e.g. goOutputKind) and its time lands in the summary; `label` names the
 * server, `expect` says how long it usually takes.
 * @param {{ title: string, command: string, args: string[], cwd?: string, env?: NodeJS.ProcessEnv, logFile: string, timeoutMs: number, uid?: number, gid?: number,
 *   progress?: ReturnType<typeof import('./progress.mjs').createProgress>, label?: string, expect?: string, kind?: (line: string) => string | undefined }} step
 */
export function runStep({ progress, label, expect, kind, ...step }) {
  if (!progress) return spawnStep(step);
  return progress.run(step.title, (running) => spawnStep({ ...step, onLine: running.line }), { label, expect, kind, logFile: step.logFile });
}

/** How long the output pipes may stay open after the step's process exited (a grandchild holding them). */
const DRAIN_MS = 2000;

/** @param {{ title: string, command: string, args: string[], cwd?: string, env?: NodeJS.ProcessEnv, logFile: string, timeoutMs: number, uid?: number, gid?: number, onLine?: (line: string) => void }} step */
function spawnStep({ title, command, args, cwd, env = process.env, logFile, timeoutMs, uid, gid, onLine }) {
  mkdirSync(dirname(logFile), { recursive: true });
  const fd = openSync(logFile, 'a');
  writeSync(fd, `\n===== ${new Date().toISOString()} ${title}: ${command} ${args.join(' ')}\n`);
  return new Promise((resolve, reject) => {
    // Without a listener the output goes straight to the log file; with one it passes through us.
    const child = spawn(command, args, { cwd, env, uid, gid, stdio: onLine ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd] });
    let closed = false;
    const close = () => {
      if (!closed) closeSync(fd);
      closed = true;
    };
    if (onLine) {
      const splitter = lineSplitter(onLine);
      for (const stream of [child.stdout, child.stderr]) {
        stream.on('data', (chunk) => {
          if (!closed) writeSync(fd, chunk);
          splitter.push(chunk);
        });
      }
      child.once('close', () => splitter.end());
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      close();
      reject(new InfraError(`${title}: cannot run ${command}: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        close();
        if (code === 0) return resolve();
        const why = timedOut ? `did not finish within ${Math.round(timeoutMs / 60_000)} min` : `failed (exit ${code ?? signal})`;
        reject(new InfraError(`${title} ${why}; full output in ${logFile}:\n${tail(logFile, 25)}`));
      };
      if (!onLine || (child.stdout?.closed && child.stderr?.closed)) return settle();
      // the last output may still be in the pipes: wait for them (bounded)
      const drained = setTimeout(settle, DRAIN_MS);
      child.once('close', () => {
        clearTimeout(drained);
        settle();
      });
    });
  });
}
