import type { SeatingCandidate } from '@kbe/contracts';
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

/** The codes of each school's and each mentor's candidates, so a scoped page never walks them all. */
class ScopeIndex {
  private readonly codes = new Map<string, Set<string>>();

  add(key: string, code: string): void {
    let set = this.codes.get(key);
    if (!set) this.codes.set(key, (set = new Set()));
    set.add(code);
  }

  remove(key: string, code: string): void {
    const set = this.codes.get(key);
    if (!set) return;
    set.delete(code);
    if (set.size === 0) this.codes.delete(key);
  }

  of(key: string): ReadonlySet<string> {
    return this.codes.get(key) ?? new Set();
  }

  clear(): void {
    this.codes.clear();
  }
}

/**
 * Every candidate of the collection (live and soft-deleted) as a compact entry, answering the
 * admin lists, searches, counts and dashboard from memory (docs/adr/0006). Reads that change
 * it take a ticket before they read the store: whatever a later read brought in wins.
 */
export class CandidateDirectory implements SearchIndexes {
  private kept = new Map<string, Kept>();
  private readonly names = new NameWordIndex();
  private readonly bySchool = new ScopeIndex();
  private readonly byMentor = new ScopeIndex();
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
      if (before) this.unscope(before.entry);
      this.scope(entry);
    }
    for (const code of codes) {
      const before = this.kept.get(code);
      if (found.has(code) || (before?.ticket ?? Infinity) > ticket) continue;
      this.kept.delete(code);
      this.names.remove(code);
      if (before) this.unscope(before.entry);
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
    this.bySchool.clear();
    this.byMentor.clear();
    for (const { entry } of kept.values()) this.scope(entry);
    this.views = { orders: {} };
  }

  get(code: string): DirectoryEntry | undefined {
    return this.kept.get(code)?.entry;
  }

  /** One page of the codes matching `query` in its sort order, and how many match. */
  page(query: CandidateListQuery, page: PageRequest): { codes: string[]; total: number } {
    const found = this.pageOfEntries(query, page);
    return { codes: found.entries.map((entry) => entry.code), total: found.total };
  }

  /** One page of the entries matching `query` in its sort order, and how many match. */
  pageOfEntries(query: CandidateListQuery, page: PageRequest): { entries: DirectoryEntry[]; total: number } {
    const scoped = this.inScope(query);
    const matches = entryMatcher(query, this, scoped !== undefined);
    const skip = (page.page - 1) * page.limit;
    const entries: DirectoryEntry[] = [];
    let total = 0;
    const sort = query.sort ?? 'newest';
    for (const entry of scoped ? scoped.sort(ORDERS[sort]) : this.ordered(sort)) {
      if (!matches(entry)) continue;
      if (total >= skip && entries.length < page.limit) entries.push(entry);
      total += 1;
    }
    return { entries, total };
  }

  count(query: CandidateListQuery): number {
    const scoped = this.inScope(query);
    const matches = entryMatcher(query, this, scoped !== undefined);
    let total = 0;
    for (const entry of scoped ?? this.entries()) if (matches(entry)) total += 1;
    return total;
  }

  /**
   * The entries of a school's or a mentor's candidates (both when both are named), from the scope
   * indexes; undefined when the query names neither (the caller walks every entry).
   */
  inScope(query: Pick<CandidateListQuery, 'schoolCode' | 'mentorCode'>): DirectoryEntry[] | undefined {
    const sets = [query.schoolCode && this.bySchool.of(query.schoolCode), query.mentorCode && this.byMentor.of(query.mentorCode)].filter(
      (set): set is ReadonlySet<string> => Boolean(set),
    );
    if (sets.length === 0) return undefined;
    const [smallest, ...others] = sets.sort((a, b) => a.size - b.size);
    const found: DirectoryEntry[] = [];
    for (const code of smallest) {
      if (others.some((set) => !set.has(code))) continue;
      const entry = this.kept.get(code)?.entry;
      if (entry) found.push(entry);
    }
    return found;
  }

  /** Codes matching `query` after `after`, in code order: one keyset page. */
  codesAfter(query: CandidateListQuery, after: string | undefined, limit: number): string[] {
    return this.matchingAfter(query, after, limit).map((entry) => entry.code);
  }

  /** Entries matching `query` after `after`, in code order: one keyset page of the CSV export. */
  matchingAfter(query: CandidateListQuery, after: string | undefined, limit: number): DirectoryEntry[] {
    const scoped = this.inScope(query);
    const matches = entryMatcher(query, this, scoped !== undefined);
    if (!scoped) return this.entriesAfter(after, limit, matches);
    return scoped
      .filter((entry) => (after === undefined || entry.code > after) && matches(entry))
      .sort(ORDERS.candidateId)
      .slice(0, limit);
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

  /** Live candidates after `after` in code order, as seating reads them (exams-service's allocation). */
  seatingAfter(after: string | undefined, limit: number): SeatingCandidate[] {
    const live = (entry: DirectoryEntry) => entry.deletedAt === null;
    return this.entriesAfter(after, limit, live).map((entry) => ({
      candidateCode: entry.code,
      // every registered candidate sits Mains; a published qualifying result moves them on
      level: entry.level,
      category: entry.category,
      district: entry.district ?? '',
      taluka: entry.taluka ?? '',
      schoolCode: entry.schoolCode,
      feesPaid: entry.feesPaid,
      consent: entry.consent,
      hallTicketReleased: entry.hallTicketReleased,
      seatNumber: entry.sheet.seatNumber,
      rollNumber: entry.rollNumber,
    }));
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

  private scope(entry: DirectoryEntry): void {
    this.bySchool.add(entry.schoolCode, entry.code);
    this.byMentor.add(entry.mentorCode, entry.code);
  }

  private unscope(entry: DirectoryEntry): void {
    this.bySchool.remove(entry.schoolCode, entry.code);
    this.byMentor.remove(entry.mentorCode, entry.code);
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
