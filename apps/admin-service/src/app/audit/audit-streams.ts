/**
 * How the audit log is numbered so that a page of it is only `_id` lookups (docs/adr/0007).
 *
 * A stream is a list of entries numbered 1, 2, 3 ... in the order they were written: `all` (every
 * entry, and an entry's `_id` is its position there), and one per filter value: `actor:<username>`,
 * `action:<name>`, `target:<id>`, whose n-th entry is named by the posting `<stream>:<n>`. A
 * stream's count is its last position, so a page of it is a range of positions known in advance.
 * Positions are taken by inserting under them (a position taken already refuses the insert with a
 * duplicate key, and the writer tries the next), so no number is ever lost to a writer that stops.
 */

/** The filters of the audit page, each one a stream per value. */
export const AUDIT_FILTERS = ['actor', 'action', 'target'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];
export type AuditFilterValues = Partial<Record<AuditFilter, string>>;
/** The stream of every entry. */
export const ALL_ENTRIES = 'all';

/** What the streams of an entry are made of. */
export interface StreamedEntry {
  actor: string;
  action: string;
  targetId: string;
}

/** Zero-padded, so that keys are as long as each other and a posting's key ends with its position. */
const POSITION_DIGITS = 10;

export const positionKey = (position: number): string => String(position).padStart(POSITION_DIGITS, '0');
export const streamOf = (filter: AuditFilter, value: string): string => `${filter}:${value}`;
export const postingKey = (stream: string, position: number): string => `${stream}:${positionKey(position)}`;

const valueOf = (entry: StreamedEntry, filter: AuditFilter): string => (filter === 'target' ? entry.targetId : entry[filter]);

/** The stream of each filter value of an entry. */
export function streamsOfEntry(entry: StreamedEntry): Record<AuditFilter, string> {
  return { actor: streamOf('actor', entry.actor), action: streamOf('action', entry.action), target: streamOf('target', entry.targetId) };
}

/** The streams a page asks for: one per filter given. */
export function streamsOfQuery(values: AuditFilterValues): string[] {
  return AUDIT_FILTERS.flatMap((filter) => (values[filter] ? [streamOf(filter, values[filter])] : []));
}

/** Whether an entry has every filter value given. */
export function matchesFilters(entry: StreamedEntry, values: AuditFilterValues): boolean {
  return AUDIT_FILTERS.every((filter) => !values[filter] || valueOf(entry, filter) === values[filter]);
}

/** The positions of page `page` (from 1) of `limit` entries in a stream of `total`, newest (highest) first. */
export function pagePositions(total: number, page: number, limit: number): number[] {
  const top = total - (page - 1) * limit;
  const bottom = Math.max(1, top - limit + 1);
  return top < 1 ? [] : descending(top, bottom);
}

/** Positions `top` down to 1 in runs of `size`: a stream read newest first. */
export function descendingRuns(top: number, size: number): number[][] {
  const runs: number[][] = [];
  for (let high = top; high >= 1; high -= size) runs.push(descending(high, Math.max(1, high - size + 1)));
  return runs;
}

/**
 * Hands out the positions where entries written together (in order) start looking for a free one
 * in a stream: after the stream's count, then after the entries before them in that stream. A
 * position another writer took meanwhile is skipped by trying the next.
 */
export function positionsAfter(counts: ReadonlyMap<string, number>): (stream: string) => number {
  const last = new Map(counts);
  return (stream) => {
    const position = (last.get(stream) ?? 0) + 1;
    last.set(stream, position);
    return position;
  };
}

/** An entry's position in the stream of each of its filter values, handed out by `next` (`positionsAfter`). */
export function filterPositions(entry: StreamedEntry, next: (stream: string) => number): Record<AuditFilter, number> {
  const streams = streamsOfEntry(entry);
  return { actor: next(streams.actor), action: next(streams.action), target: next(streams.target) };
}

function descending(high: number, low: number): number[] {
  return Array.from({ length: high - low + 1 }, (_, i) => high - i);
}
