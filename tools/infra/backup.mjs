#!/usr/bin/env node
// npm run db:backup  [-- --to <dir>]          node tools/infra/backup.mjs backup [--to <dir>]
// npm run db:restore -- <backup dir> [--yes]   node tools/infra/backup.mjs restore <dir> [--yes]
// Backup and restore of the local store: the `ferretdb` PostgreSQL database under FerretDB and
// every MinIO bucket (tools/infra/README.md, "Backups"; docs/development.md). Exit codes: 0 done,
// 2 refused before changing anything (servers down, damaged backup, not confirmed, bad usage),
// 1 failed part-way.
import { BackupRefusal, backup, restore } from './backup-commands.mjs';

const USAGE = `usage: node tools/infra/backup.mjs backup [--to <dir>]
       node tools/infra/backup.mjs restore <backup dir> [--yes]
  backup    pg_dump of the ferretdb database + every MinIO bucket, into --to
            (default $KBE_INFRA_HOME/backups/<UTC timestamp>)
  restore   replace the database and the backed-up buckets with a backup; stop the services
            (npm start) first. --yes skips the confirmation.`;

/** { command, to, from, yes } from argv, or a BackupRefusal with the usage. */
function parse(argv) {
  const [command, ...rest] = argv;
  const options = { command, yes: false, positional: [] };
  for (let i = 0; i < rest.length; i += 1) {
    if (rest[i] === '--yes' || rest[i] === '-y') options.yes = true;
    else if (rest[i] === '--to') options.to = rest[(i += 1)];
    else if (rest[i].startsWith('-')) throw new BackupRefusal(`unknown option ${rest[i]}\n${USAGE}`);
    else options.positional.push(rest[i]);
  }
  if (command === 'backup' && (options.positional.length || options.yes || (options.to === undefined && rest.includes('--to')))) {
    throw new BackupRefusal(`backup takes only --to <dir>\n${USAGE}`);
  }
  if (command === 'restore' && (options.positional.length !== 1 || options.to !== undefined)) {
    throw new BackupRefusal(`restore needs exactly one backup directory\n${USAGE}`);
  }
  return options;
}

async function main(argv) {
  const options = parse(argv);
  switch (options.command) {
    case 'backup':
      await backup({ to: options.to });
      return 0;
    case 'restore':
      await restore({ from: options.positional[0], yes: options.yes });
      return 0;
    case '-h':
    case '--help':
    case 'help':
      process.stdout.write(`${USAGE}\n`);
      return 0;
    default:
      throw new BackupRefusal(`${options.command === undefined ? 'no command' : `unknown command "${options.command}"`}\n${USAGE}`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    const message = process.env.KBE_INFRA_DEBUG ? error.stack : error.message;
    process.stderr.write(`${error instanceof BackupRefusal ? 'refused' : 'failed'}: ${message}\n`);
    process.exitCode = error instanceof BackupRefusal ? 2 : 1;
  },
);
