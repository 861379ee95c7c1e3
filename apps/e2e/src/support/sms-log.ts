import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The SMS a guardian would receive, read where the stack's console SMS provider writes them:
 * notifications-service's log (one JSON object a line; `context: 'ConsoleSms'`, `message: 'SMS to
 * ******1234 (GSM-7, withdrawal-otp): KBE Young Scientist: 123456 is the code to ...'`). The
 * stack `npm test` starts writes its services' logs to `.kbe/test-results/logs/`
 * (tools/test/e2e-run.mjs); KBE_E2E_SERVICE_LOGS names another folder (`.kbe/logs` of `npm start`).
 */
const logFile = join(process.env['KBE_E2E_SERVICE_LOGS'] ?? join(__dirname, '../../../../.kbe/test-results/logs'), 'notifications-service.log');

/** The SMS that carry a code (apps/notifications-service/src/app/sms/events/event-sms.templates.ts). */
export type CodeSmsType = 'consent-otp' | 'withdrawal-otp' | 'data-request-otp';

/** Where the log ends now: read from here, an SMS is one sent after this moment. */
export function smsLogMark(): number {
  return existsSync(logFile) ? statSync(logFile).size : 0;
}

function readFrom(offset: number): string {
  if (!existsSync(logFile)) return '';
  const size = statSync(logFile).size;
  if (size <= offset) return '';
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(logFile, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

/** The code of the newest SMS of `messageType` for the candidate in these log lines, if any. */
function codeIn(lines: string, candidateCode: string, messageType: CodeSmsType): string | undefined {
  let found: string | undefined;
  for (const line of lines.split('\n')) {
    if (!line.includes('ConsoleSms') || !line.includes(candidateCode)) continue;
    let entry: { context?: unknown; message?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // a line still being written
    }
    if (entry.context !== 'ConsoleSms' || typeof entry.message !== 'string') continue;
    if (!entry.message.includes(`, ${messageType}): `) || !new RegExp(`candidate ${candidateCode}\\b`).test(entry.message)) continue;
    found = /\): KBE Young Scientist: (\d{6}) is the code /.exec(entry.message)?.[1] ?? found;
  }
  return found;
}

/**
 * Waits until notifications-service has logged an SMS of `messageType` for the candidate after
 * `mark` (smsLogMark() taken before the code was asked for) and answers its 6-digit code.
 */
export async function codeFromSmsLog(candidateCode: string, messageType: CodeSmsType, mark: number, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = codeIn(readFrom(mark), candidateCode, messageType);
    if (code) return code;
    if (Date.now() > deadline) {
      throw new Error(`no ${messageType} SMS for ${candidateCode} in ${logFile} within ${timeoutMs / 1000} s (the console SMS provider logs at info: LOG_LEVEL must be info or lower)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
