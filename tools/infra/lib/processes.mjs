// Detached server processes: pid files, liveness, graceful stop, pause/resume.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const LOG_ROTATE_BYTES = 20 * 1024 * 1024;

/** Linux process state letter from /proc (R, S, D, T (stopped), Z (zombie) ...), or undefined if gone. */
export function processStateLetter(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).charAt(0);
  } catch {
    try {
      process.kill(pid, 0);
      return 'R';
    } catch {
      return undefined;
    }
  }
}

export function isAlive(pid) {
  const state = processStateLetter(pid);
  return state !== undefined && state !== 'Z' && state !== 'X';
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return undefined;
  }
}

export function readPidRecord(pidFile) {
  try {
    return JSON.parse(readFileSync(pidFile, 'utf8'));
  } catch {
    return undefined;
  }
}

export function removePidRecord(pidFile) {
  rmSync(pidFile, { force: true });
}

/**
 * 'running' | 'paused' | 'stopped' | 'stale' for a pid record. A record is stale when its
 * process is gone, or when its pid now belongs to another program (the marker is missing
 * from the command line).
 */
export function recordState(record) {
  if (!record) return 'stopped';
  const state = processStateLetter(record.pid);
  if (state === undefined || state === 'Z' || state === 'X') return 'stale';
  const cmd = commandLine(record.pid);
  if (cmd !== undefined && record.marker && !cmd.includes(record.marker)) return 'stale';
  return state === 'T' || state === 't' ? 'paused' : 'running';
}

function openLog(logFile) {
  mkdirSync(dirname(logFile), { recursive: true });
  if (existsSync(logFile) && statSync(logFile).size > LOG_ROTATE_BYTES) {
    renameSync(logFile, `${logFile}.1`);
  }
  const fd = openSync(logFile, 'a');
  writeSync(fd, `\n===== kbe-infra start ${new Date().toISOString()} =====\n`);
  return fd;
}

/**
 * Starts `command` detached (own process group) with stdout/stderr appended to `logFile`,
 * writes the pid file and returns { record, child }. The child survives this process exiting.
 * `uid`/`gid` start it as another account (PostgreSQL refuses to run as root).
 * @param {{ command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, uid?: number, gid?: number, logFile: string, pidFile: string, marker: string, extra?: Record<string, unknown> }} options
 */
export async function startDetached({ command, args, env, cwd, uid, gid, logFile, pidFile, marker, extra }) {
  const fd = openLog(logFile);
  let child;
  try {
    child = spawn(command, args, { cwd, env, uid, gid, detached: true, stdio: ['ignore', fd, fd] });
    await new Promise((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
  } finally {
    closeSync(fd);
  }
  child.unref();
  const record = { pid: child.pid, marker, startedAt: new Date().toISOString(), ...extra };
  mkdirSync(dirname(pidFile), { recursive: true });
  writeFileSync(pidFile, `${JSON.stringify(record, null, 2)}\n`);
  return { record, child };
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return;
  } catch {
    // not a group leader (or already gone): fall back to the process itself
  }
  try {
    process.kill(pid, signal);
  } catch {
    // gone
  }
}

async function waitGone(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
}

/** SIGTERM to the process group, wait up to `graceMs`, then SIGKILL. Returns 'terminated' | 'killed' | 'gone'. */
export async function stopProcess(pid, { graceMs }) {
  if (!isAlive(pid)) return 'gone';
  signalGroup(pid, 'SIGTERM');
  // A stopped (paused) process only acts on SIGTERM once continued.
  signalGroup(pid, 'SIGCONT');
  if (await waitGone(pid, graceMs)) return 'terminated';
  signalGroup(pid, 'SIGKILL');
  await waitGone(pid, 5000);
  return 'killed';
}

export function pauseProcess(pid) {
  signalGroup(pid, 'SIGSTOP');
}

export function resumeProcess(pid) {
  signalGroup(pid, 'SIGCONT');
}

/** Resolves true if nothing listens on host:port (we can bind it ourselves). */
export function portIsFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Last `lines` lines of a text file ('' if it does not exist). */
export function tail(file, lines = 40) {
  try {
    const text = readFileSync(file, 'utf8');
    return text.split('\n').slice(-lines - 1).join('\n').trimEnd();
  } catch {
    return '';
  }
}

/** The last non-empty line of a file, reading only its end (a heartbeat asks every second). */
export function lastLine(file, maxBytes = 4096) {
  let fd;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return buffer.toString('utf8').split('\n').map((line) => line.trim()).filter(Boolean).at(-1);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
