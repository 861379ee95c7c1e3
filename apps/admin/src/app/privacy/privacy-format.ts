import type { DataRequestStatus, DataRequestView, RetentionReport } from '@kbe/contracts';

const DAY = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });
const DAY_AND_TIME = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** `25 Feb 2027` of an ISO instant, as the organisers' calendar (India) has it. */
export const dayOf = (iso: string) => DAY.format(new Date(iso));

export const dayAndTimeOf = (iso: string) => DAY_AND_TIME.format(new Date(iso));

/** `1 Mar 2026` of a calendar date `2026-03-01` (no time zone shift). */
export const calendarDay = (date: string) => DAY.format(new Date(`${date}T12:00:00+05:30`));

/** Today as YYYY-MM-DD in India, the latest results date the server accepts. */
export const todayInIndia = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);

export const STATUS_LABELS: Record<DataRequestStatus, string> = { open: 'Open', done: 'Done', refused: 'Refused' };

/** An open request past its due date: the queue says so in words, not by colour alone. */
export const isOverdue = (request: Pick<DataRequestView, 'status' | 'dueAt'>, now = Date.now()) =>
  request.status === 'open' && new Date(request.dueAt).getTime() < now;

export const RETENTION_STATE_LABELS: Record<RetentionReport['state'], string> = {
  'no-results-date': 'Waiting for the results date to be recorded',
  waiting: 'Waiting for the purge date',
  due: 'Due: the purge starts shortly',
  running: 'Running',
  done: 'Done',
};
