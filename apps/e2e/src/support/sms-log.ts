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

/** The code of the newest portal sign-in SMS for a school or mentor code in these log lines, if any. */
function portalCodeIn(lines: string, accountCode: string): string | undefined {
  let found: string | undefined;
  for (const line of lines.split('\n')) {
    if (!line.includes('ConsoleSms') || !line.includes(accountCode)) continue;
    let entry: { context?: unknown; message?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // a line still being written
    }
    if (entry.context !== 'ConsoleSms' || typeof entry.message !== 'string' || !entry.message.includes(', portal-otp): ')) continue;
    // "...: KBE Young Scientist: 123456 is your code to sign in to ... school portal as SCH-7KQ2XM. ..." (or its Marathi or Hindi wording)
    const text = entry.message.slice(entry.message.indexOf('): ') + 3);
    if (!new RegExp(`\\b${accountCode}\\b`).test(text)) continue;
    found = /(?<![\dA-Z-])(\d{6})(?!\d)/.exec(text.replace(accountCode, ''))?.[1] ?? found;
  }
  return found;
}

/**
 * Waits until notifications-service has logged a portal sign-in SMS (`portal-otp`) naming the
 * school or mentor code after `mark` and answers its 6-digit code.
 */
export async function portalCodeFromSmsLog(accountCode: string, mark: number, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = portalCodeIn(readFrom(mark), accountCode);
    if (code) return code;
    if (Date.now() > deadline) {
      throw new Error(`no portal-otp SMS for ${accountCode} in ${logFile} within ${timeoutMs / 1000} s (the console SMS provider logs at info: LOG_LEVEL must be info or lower)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
