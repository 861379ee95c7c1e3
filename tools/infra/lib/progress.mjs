// Progress of long steps (builds, downloads, waits): the step's name when it starts, a heartbeat
// while it runs (elapsed time, the last line of the tool's output, counters), its duration when it
// ends, and a table of every step's time at the end. On a terminal the heartbeat is one live line
// redrawn in place every second; anywhere else (CI logs, a file, a test's log function) it is a
// plain line every 10 s, so logs stay readable.

const SPINNER = ['|', '/', '-', '\\'];
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07/g;

/** 4.2s, 59.9s, 1m 05s, 1h 02m. */
export function formatDuration(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  const whole = Math.round(seconds);
  if (whole < 3600) return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(whole / 3600)}h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')}m`;
}

/** 512 B, 3.4 kB, 45.2 MB. */
export function formatBytes(bytes) {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  do {
    value /= 1000;
    unit += 1;
  } while (value >= 1000 && unit < units.length - 1);
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** A line of tool output as it should appear in a status: no colours, no carriage returns, trimmed. */
export function cleanLine(text) {
  const withoutAnsi = String(text).replace(ANSI, '');
  const parts = withoutAnsi.split('\r').map((part) => part.trim()).filter(Boolean);
  return parts.at(-1) ?? '';
}

function clip(text, width) {
  if (width <= 1 || text.length <= width) return text;
  return `${text.slice(0, width - 1)}…`;
}

/**
 * Splits a stream of chunks into lines (on \n and \r) and hands each non-empty one to `onLine`.
 * Returns `{ push(chunk), end() }`.
 */
export function lineSplitter(onLine) {
  let rest = '';
  return {
    push(chunk) {
      const parts = (rest + String(chunk)).split(/\r\n|\n|\r/);
      rest = parts.pop() ?? '';
      for (const part of parts) {
        const line = cleanLine(part);
        if (line) onLine(line);
      }
    },
    end() {
      const line = cleanLine(rest);
      rest = '';
      if (line) onLine(line);
    },
  };
}

/** Kinds of Go build output, for a step's counters: `go build -v` names every package it compiles. */
export function goOutputKind(line) {
  if (/^go: downloading /.test(line)) return 'modules downloaded';
  if (/^go: /.test(line) || /\s/.test(line) || line.startsWith('#')) return undefined;
  return 'packages compiled';
}

const SIZE = /\((\d+(?:\.\d+)?) (B|kB|KB|MB|GB)(?: at [^)]*)?\)\s*$/;
const FACTOR = { B: 1, kB: 1000, KB: 1000, MB: 1e6, GB: 1e9 };

/** Bytes a line of Maven (`Downloaded from central: ... (6.4 MB at 2 MB/s)`) or apt (`Get:1 ... [123 kB]`) says it fetched. */
export function downloadedBytes(line) {
  if (/Downloaded from /.test(line)) {
    const match = SIZE.exec(line);
    return match ? Math.round(Number(match[1]) * FACTOR[match[2]]) : 0;
  }
  const apt = /^Get:\d+ .*\[(\d+(?:\.\d+)?) (B|kB|KB|MB|GB)\]\s*$/.exec(line);
  return apt ? Math.round(Number(apt[1]) * FACTOR[apt[2]]) : 0;
}

/**
 * @typedef {object} Step
 * @property {(line: string) => void} line     one line of the tool's output (counted, and shown as "last")
 * @property {(text: string) => void} note     what to say when the step is done ("cached", "pid 123, cluster X")
 * @property {(bytes: number) => void} bytes   add to the step's downloaded bytes
 * @property {() => number} elapsed            seconds since the step started
 */

/**
 * @typedef {object} StepOptions
 * @property {string} [label]        who runs it ("mongo"), printed as `[mongo]` before every line
 * @property {string} [expect]       how long it usually takes, said in the start line ("about 3 min the first time")
 * @property {string} [logFile]      where the full output goes, said in the start line
 * @property {(line: string) => string | undefined} [kind]  counter a line of output adds to (e.g. goOutputKind)
 * @property {() => string | undefined} [detail]  what to show in a heartbeat when there is no output line
 * @property {boolean} [quiet]       no start line and no heartbeat: only recorded for the summary (fast checks)
 */

/** @typedef {{ now: () => number, setInterval: (fn: () => void, ms: number) => unknown, clearInterval: (id: any) => void }} Clock */

/**
 * @param {object} [options]
 * @param {(line: string) => void} [options.print]  where whole lines go (default stdout)
 * @param {((text: string) => void) | undefined} [options.live]  raw terminal writer for the live line;
 *   given (default: when stdout is a TTY and `print` is the default) the heartbeat is redrawn in place
 * @param {() => number} [options.columns]  terminal width for the live line
 * @param {Clock} [options.clock]
 * @param {number} [options.heartbeatMs]  plain heartbeat lines this often (no TTY)
 * @param {number} [options.redrawMs]     live line redrawn this often (TTY)
 */
export function createProgress(options = {}) {
  const usesStdout = options.print === undefined;
  const print = options.print ?? ((line) => process.stdout.write(`${line}\n`));
  const live = 'live' in options ? options.live : usesStdout && process.stdout.isTTY ? (text) => process.stdout.write(text) : undefined;
  const columns = options.columns ?? (() => process.stdout.columns || 100);
  const clock = options.clock ?? { now: () => Date.now(), setInterval: (fn, ms) => setInterval(fn, ms), clearInterval: (id) => clearInterval(id) };
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const redrawMs = options.redrawMs ?? 1000;
  const startedAt = clock.now();

  /** @type {{ label?: string, name: string, seconds: number, ok: boolean, note?: string }[]} */
  const finished = [];
  /** Running steps, newest last: the live line shows the newest. */
  const running = [];
  let liveShown = false;
  let frame = 0;

  const prefix = (label) => (label ? `${`[${label}]`.padEnd(11)} ` : '');

  function clearLive() {
    if (live && liveShown) {
      live('\r\x1b[2K');
      liveShown = false;
    }
  }

  function drawLive() {
    if (!live) return;
    const current = running.at(-1);
    if (!current) return clearLive();
    frame = (frame + 1) % SPINNER.length;
    live(`\r\x1b[2K${clip(`${SPINNER[frame]} ${prefix(current.label)}${current.status()}`, columns() - 1)}`);
    liveShown = true;
  }

  /** A whole line, kept above the live line on a terminal. */
  function say(line) {
    clearLive();
    print(line);
    if (running.length) drawLive();
  }

  let redraw;
  function startRedraw() {
    if (live && !redraw) redraw = clock.setInterval(drawLive, redrawMs);
  }
  function stopRedraw() {
    if (redraw && running.length === 0) {
      clock.clearInterval(redraw);
      redraw = undefined;
    }
  }

  /**
   * Runs `fn(step)` as a step: prints its name, then a heartbeat while it runs, then its duration.
   * Resolves with what `fn` resolves; a failure is printed, recorded and rethrown.
   * @template T
   * @param {string} name
   * @param {(step: Step) => Promise<T> | T} fn
   * @param {StepOptions} [stepOptions]
   * @returns {Promise<T>}
   */
  async function run(name, fn, stepOptions = {}) {
    const { label, expect, logFile, kind, detail, quiet = false } = stepOptions;
    const began = clock.now();
    const counts = new Map();
    let last;
    let bytes = 0;
    let note;
    const elapsed = () => (clock.now() - began) / 1000;
    const state = {
      label,
      status() {
        const parts = [`${name}: ${formatDuration(elapsed())}`];
        const counters = [...counts].map(([what, n]) => `${n} ${what}`);
        if (bytes) counters.push(`${formatBytes(bytes)} downloaded`);
        if (counters.length) parts.push(counters.join(', '));
        const shown = last ?? detail?.();
        if (shown) parts.push(`last: ${shown}`);
        return parts.join(', ');
      },
    };
    /** @type {Step} */
    const step = {
      line(text) {
        const line = cleanLine(text);
        if (!line) return;
        last = line;
        const what = kind?.(line);
        if (what) counts.set(what, (counts.get(what) ?? 0) + 1);
        bytes += downloadedBytes(line);
      },
      note(text) {
        note = text;
      },
      bytes(n) {
        bytes += n;
      },
      elapsed,
    };

    let heartbeat;
    if (!quiet) {
      const hints = [expect, logFile && `output in ${logFile}`].filter(Boolean).join('; ');
      say(`${prefix(label)}${name} ...${hints ? ` (${hints})` : ''}`);
      running.push(state);
      if (live) {
        drawLive();
        startRedraw();
      } else {
        heartbeat = clock.setInterval(() => say(`${prefix(label)}  ... ${state.status()}`), heartbeatMs);
      }
    }
    const finish = (ok) => {
      if (heartbeat) clock.clearInterval(heartbeat);
      const index = running.indexOf(state);
      if (index >= 0) running.splice(index, 1);
      stopRedraw();
      const seconds = elapsed();
      finished.push({ label, name, seconds, ok, note });
      return seconds;
    };
    try {
      const value = await fn(step);
      const seconds = finish(true);
      if (!quiet) say(`${prefix(label)}${name}: done in ${formatDuration(seconds)}${note ? ` (${note})` : ''}`);
      return value;
    } catch (error) {
      const seconds = finish(false);
      say(`${prefix(label)}${name}: FAILED after ${formatDuration(seconds)}`);
      throw error;
    }
  }

  /**
   * Records a step timed elsewhere (e.g. "already running, checked in 0.2 s") for the summary only.
   * @param {string} name
   * @param {number} seconds
   * @param {{ label?: string, note?: string, ok?: boolean }} [recorded]
   */
  function record(name, seconds, { label, note, ok = true } = {}) {
    finished.push({ label, name, seconds, ok, note });
  }

  /** The summary table: one row per step in the order they ended, then the total wall time. */
  function summary(title = 'time per step') {
    const total = (clock.now() - startedAt) / 1000;
    const rows = finished.map((s) => [clip(`${s.label ? `${s.label}: ` : ''}${s.name}`, 64) + (s.ok ? '' : ' (FAILED)'), formatDuration(s.seconds), clip(s.note ?? '', 60)]);
    rows.push(['total', formatDuration(total), '']);
    const nameWidth = Math.max(...rows.map((r) => r[0].length));
    const timeWidth = Math.max(...rows.map((r) => r[1].length));
    const lines = [`${title}:`];
    for (const [index, [what, time, note]] of rows.entries()) {
      if (index === rows.length - 1) lines.push(`  ${'-'.repeat(nameWidth + timeWidth + 2)}`);
      lines.push(`  ${what.padEnd(nameWidth)}  ${time.padStart(timeWidth)}${note ? `  ${note}` : ''}`.trimEnd());
    }
    return lines;
  }

  function printSummary(title) {
    for (const line of summary(title)) say(line);
  }

  return { run, record, say, summary, printSummary, steps: () => finished.map((s) => ({ ...s })) };
}

/** A progress that prints nothing and only records (for callers that pass no progress). */
export function silentProgress() {
  return createProgress({ print: () => undefined, live: undefined });
}
