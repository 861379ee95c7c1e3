import type { PageRequest } from '../../common/pagination';
import type { CandidateDashboardCounts, CandidateListQuery, SmsRecipientGroupFilter, SmsRecipientRow } from '../candidate.repository';
import { dashboardFigures } from './dashboard-figures';
import type { DirectoryEntry } from './directory-entry';
import { entryMatcher, type SearchIndexes } from './entry-matcher';
import { NameWordIndex } from './name-word-index';
import { lowerBound, SortedPrefixIndex } from './sorted-prefix-index';

type Sort = NonNullable<CandidateListQuery['sort']>;

const byCode = (a: DirectoryEntry, b: DirectoryEntry) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
const ORDERS: Record<Sort, (a: DirectoryEntry, b: DirectoryEntry) => number> = {
  newest: (a, b) => b.createdAt - a.createdAt || byCode(a, b),
  oldest: (a, b) => a.createdAt - b.createdAt || byCode(a, b),
  name: (a, b) => (a.nameSearch < b.nameSearch ? -1 : a.nameSearch > b.nameSearch ? 1 : byCode(a, b)),
  candidateId: byCode,
};

interface Kept {
  entry: DirectoryEntry;
  /** The read ticket it came from: an older read never replaces it. */
  ticket: number;
}

/** Sorted views, made again on the first query after a change. */
interface Views {
  orders: Partial<Record<Sort, DirectoryEntry[]>>;
  codes?: string[];
  byCodePrefix?: SortedPrefixIndex;
  byPhonePrefix?: SortedPrefixIndex;
}

/**
 * Every candidate of the collection (live and soft-deleted) as a compact entry, answering the
 * admin lists, searches, counts and dashboard from memory (docs/adr/0006). Reads that change
 * it take a ticket before they read the store: whatever a later read brought in wins.
 */
export class CandidateDirectory implements SearchIndexes {
  private kept = new Map<string, Kept>();
  private readonly names = new NameWordIndex();
  private views: Views = { orders: {} };
  private tickets = 0;

  get size(): number {
    return this.kept.size;
  }

  /** Take before reading the store; hand back with what was read. */
  ticket(): number {
    this.tickets += 1;
    return this.tickets;
  }

  /** What a read by code found: `entries` for the codes found, the rest of `codes` no longer stored. */
  apply(ticket: number, codes: readonly string[], entries: readonly DirectoryEntry[]): void {
    const found = new Set<string>();
    for (const entry of entries) {
      found.add(entry.code);
      const before = this.kept.get(entry.code);
      if ((before?.ticket ?? 0) > ticket) continue;
      this.kept.set(entry.code, { entry, ticket });
      if (before?.entry.nameSearch !== entry.nameSearch) this.names.set(entry.code, entry.nameSearch);
    }
    for (const code of codes) {
      if (found.has(code) || (this.kept.get(code)?.ticket ?? Infinity) > ticket) continue;
      this.kept.delete(code);
      this.names.remove(code);
    }
    this.views = { orders: {} };
  }

  /** A whole pass over the store: replaces everything but entries read after the pass began. */
  replaceAll(ticket: number, entries: Iterable<DirectoryEntry>): void {
    const kept = new Map<string, Kept>();
    for (const entry of entries) kept.set(entry.code, { entry, ticket });
    for (const [code, newer] of this.kept) if (newer.ticket > ticket) kept.set(code, newer);
    this.kept = kept;
    this.names.replaceAll([...kept.values()].map(({ entry }) => [entry.code, entry.nameSearch]));
    this.views = { orders: {} };
  }

  get(code: string): DirectoryEntry | undefined {
    return this.kept.get(code)?.entry;
  }

  /** One page of the codes matching `query` in its sort order, and how many match. */
  page(query: CandidateListQuery, page: PageRequest): { codes: string[]; total: number } {
    const matches = entryMatcher(query, this);
    const skip = (page.page - 1) * page.limit;
    const codes: string[] = [];
    let total = 0;
    for (const entry of this.ordered(query.sort ?? 'newest')) {
      if (!matches(entry)) continue;
      if (total >= skip && codes.length < page.limit) codes.push(entry.code);
      total += 1;
    }
    return { codes, total };
  }

  count(query: CandidateListQuery): number {
    const matches = entryMatcher(query, this);
    let total = 0;
    for (const { entry } of this.kept.values()) if (matches(entry)) total += 1;
    return total;
  }

  /** Codes matching `query` after `after`, in code order: one keyset page. */
  codesAfter(query: CandidateListQuery, after: string | undefined, limit: number): string[] {
    return this.matchingAfter(query, after, limit).map((entry) => entry.code);
  }

  /** Entries matching `query` after `after`, in code order: one keyset page of the CSV export. */
  matchingAfter(query: CandidateListQuery, after: string | undefined, limit: number): DirectoryEntry[] {
    return this.entriesAfter(after, limit, entryMatcher(query, this));
  }

  smsRecipients(group: SmsRecipientGroupFilter, after: string | undefined, limit: number): SmsRecipientRow[] {
    const inGroup = (entry: DirectoryEntry) =>
      entry.deletedAt === null &&
      // a withdrawn registration is erased: no number left, and no message wanted
      entry.consent !== 'withdrawn' &&
      (group !== 'paid' || entry.feesPaid) &&
      (group !== 'unpaid' || !entry.feesPaid) &&
      (group !== 'hall-ticket' || entry.hallTicketReleased) &&
      (group !== 'consent-pending' || entry.consent === 'pending');
    // A consent reminder is for the guardian: their mobile when the registration named one.
    const phoneOf = (entry: DirectoryEntry) => (group === 'consent-pending' ? (entry.guardianPhone ?? entry.phoneNumber) : entry.phoneNumber);
    return this.entriesAfter(after, limit, inGroup).map((entry) => ({ candidateCode: entry.code, phoneNumber: phoneOf(entry) }));
  }

  counts(): { total: number; feesPaid: number } {
    let total = 0;
    let feesPaid = 0;
    for (const { entry } of this.kept.values()) {
      if (entry.deletedAt !== null) continue;
      total += 1;
      if (entry.feesPaid) feesPaid += 1;
    }
    return { total, feesPaid };
  }

  dashboard(since: Date): CandidateDashboardCounts {
    return dashboardFigures(this.entries(), since);
  }

  *entries(): IterableIterator<DirectoryEntry> {
    for (const { entry } of this.kept.values()) yield entry;
  }

  codesWithNameWordPrefix(prefix: string): Set<string> {
    return this.names.codesWithWordPrefix(prefix);
  }

  codesWithCodePrefix(prefix: string): string[] {
    this.views.byCodePrefix ??= new SortedPrefixIndex(this.ordered('candidateId').map((entry) => [entry.code, entry.code]));
    return this.views.byCodePrefix.codesWithPrefix(prefix);
  }

  codesWithPhonePrefix(prefix: string): string[] {
    this.views.byPhonePrefix ??= new SortedPrefixIndex([...this.entries()].map((entry) => [entry.phoneNumber, entry.code]));
    return this.views.byPhonePrefix.codesWithPrefix(prefix);
  }

  private entriesAfter(after: string | undefined, limit: number, matches: (entry: DirectoryEntry) => boolean): DirectoryEntry[] {
    const ordered = this.ordered('candidateId');
    this.views.codes ??= ordered.map((entry) => entry.code);
    const found: DirectoryEntry[] = [];
    let i = after === undefined ? 0 : lowerBound(this.views.codes, after);
    if (after !== undefined && this.views.codes[i] === after) i += 1;
    for (; i < ordered.length && found.length < limit; i += 1) if (matches(ordered[i])) found.push(ordered[i]);
    return found;
  }

  private ordered(sort: Sort): DirectoryEntry[] {
    return (this.views.orders[sort] ??= [...this.entries()].sort(ORDERS[sort]));
  }
}
