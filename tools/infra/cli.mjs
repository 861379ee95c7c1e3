#!/usr/bin/env node
// node tools/infra/cli.mjs <up|down|status|logs|stop|start|pause|resume> [name ...]
// Real FerretDB, Kafka, MinIO and Chromium on 127.0.0.1; see tools/infra/README.md.
import { InfraError, SERVER_NAMES, down, infraHome, logs, pause, resume, start, status, stop, up } from './index.mjs';

const USAGE = `usage: node tools/infra/cli.mjs <command> [name ...]
  up [name ...]       install (first time) and start servers, wait until ready, write the env file
  down [name ...]     stop servers (SIGTERM, then SIGKILL after a grace period)
  status [name ...]   one line per server; exit 0 if all are running, 1 otherwise
  logs <name> [-n N]  print the last N (default 80) lines of the server's log
  stop|start|pause|resume <name>   fault injection for tests (pause = SIGSTOP, resume = SIGCONT)
names: ${SERVER_NAMES.join(', ')}; cache, data and logs in ${infraHome()} (KBE_INFRA_HOME)`;

function print(line) {
  process.stdout.write(`${line}\n`);
}

function usageError(message) {
  throw new InfraError(`${message}\n${USAGE}`);
}

function oneName(names, command) {
  if (names.length !== 1) usageError(`${command} needs exactly one server name`);
  return names[0];
}

async function main(argv) {
  const [command, ...rest] = argv;
  switch (command) {
    case 'up':
      await up({ names: rest });
      return 0;
    case 'down': {
      await down({ names: rest });
      return 0;
    }
    case 'status': {
      const result = await status({ names: rest });
      for (const s of result.servers) {
        const pid = s.pid ? `pid ${s.pid}` : '-';
        const ports = s.ports.length ? `port ${s.ports.join(',')}` : '-';
        print(`${s.name.padEnd(9)} ${s.state.padEnd(9)} ${pid.padEnd(10)} ${ports.padEnd(16)} ${s.title}`);
      }
      return result.ok ? 0 : 1;
    }
    case 'logs': {
      let lines = 80;
      const names = [];
      for (let i = 0; i < rest.length; i += 1) {
        if (rest[i] === '-n' || rest[i] === '--lines') {
          lines = Number(rest[(i += 1)]);
          if (!Number.isInteger(lines) || lines <= 0) usageError('-n needs a positive number of lines');
        } else names.push(rest[i]);
      }
      const { file, text } = logs(oneName(names, 'logs'), lines);
      print(`==> ${file} <==`);
      print(text || '(empty: nothing logged yet)');
      return 0;
    }
    case 'stop':
      await stop(oneName(rest, 'stop'));
      return 0;
    case 'start':
      await start(oneName(rest, 'start'));
      return 0;
    case 'pause':
      print(`paused ${rest[0]} (pid ${await pause(oneName(rest, 'pause'))})`);
      return 0;
    case 'resume':
      print(`resumed ${rest[0]} (pid ${await resume(oneName(rest, 'resume'))})`);
      return 0;
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      print(USAGE);
      return command === undefined ? 2 : 0;
    default:
      return usageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = typeof code === 'number' ? code : 0;
  },
  (error) => {
    const message = error instanceof InfraError || !process.env.KBE_INFRA_DEBUG ? error.message : error.stack;
    process.stderr.write(`infra: ${message}\n`);
    process.exitCode = 1;
  },
);
