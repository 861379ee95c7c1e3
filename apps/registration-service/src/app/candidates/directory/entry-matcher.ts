import { normaliseText } from '../../common/text-search.util';
import type { CandidateListQuery } from '../candidate.repository';
import type { DirectoryEntry } from './directory-entry';

/** Where a search looks: name words (and whole-name prefixes), code prefixes, mobile number prefixes. */
export interface SearchIndexes {
  codesWithNameWordPrefix(prefix: string): Set<string>;
  entries(): Iterable<DirectoryEntry>;
  codesWithCodePrefix(prefix: string): string[];
  codesWithPhonePrefix(prefix: string): string[];
}

/**
 * The admin list filter as a predicate on entries, with the meaning the stored query had: live
 * (or only soft-deleted) candidates, flags, mentor, school, category, level, a list of codes, and a search that
 * matches a prefix of the normalised name or of one of its words, of the code (upper-cased) or of
 * the mobile number. `few`: the caller tests a few entries only (a school's, a mentor's), so the
 * search is tested on each of them rather than looked up in the indexes of all of them.
 */
export function entryMatcher(query: CandidateListQuery, indexes: SearchIndexes, few = false): (entry: DirectoryEntry) => boolean {
  const codes = query.candidateCodes && new Set(query.candidateCodes);
  const found = query.search ? (few ? searchTest(query.search) : searchMatches(query.search, indexes)) : undefined;
  return (entry) =>
    (query.deleted ? entry.deletedAt !== null : entry.deletedAt === null) &&
    (query.feesPaid === undefined || entry.feesPaid === query.feesPaid) &&
    (query.hallTicketReleased === undefined || entry.hallTicketReleased === query.hallTicketReleased) &&
    (query.certificateReleased === undefined || entry.certificateReleased === query.certificateReleased) &&
    (!query.mentorCode || entry.mentorCode === query.mentorCode) &&
    (!query.schoolCode || entry.schoolCode === query.schoolCode) &&
    (!query.category || entry.category === query.category) &&
    (!query.level || entry.level === query.level) &&
    (query.consent === undefined || entry.consent === query.consent) &&
    (codes === undefined || codes.has(entry.code)) &&
    (found === undefined || found === 'all' || (typeof found === 'function' ? found(entry) : found.has(entry.code)));
}

/** The same search as `searchMatches`, as a test of one entry. */
function searchTest(search: string): ((entry: DirectoryEntry) => boolean) | 'all' {
  const name = normaliseText(search);
  if (name === '') return 'all';
  const code = search.toUpperCase();
  const byName = name.includes(' ')
    ? (entry: DirectoryEntry) => entry.nameSearch.startsWith(name)
    : (entry: DirectoryEntry) => entry.nameSearch.split(' ').some((word) => word.startsWith(name));
  return (entry) => byName(entry) || entry.code.startsWith(code) || entry.phoneNumber.startsWith(search);
}

function searchMatches(search: string, indexes: SearchIndexes): Set<string> | 'all' {
  const name = normaliseText(search);
  if (name === '') return 'all';
  // A word holds no space: a query with one can only match the start of the whole name.
  const byName = name.includes(' ')
    ? new Set([...indexes.entries()].filter((entry) => entry.nameSearch.startsWith(name)).map((entry) => entry.code))
    : indexes.codesWithNameWordPrefix(name);
  for (const code of indexes.codesWithCodePrefix(search.toUpperCase())) byName.add(code);
  for (const code of indexes.codesWithPhonePrefix(search)) byName.add(code);
  return byName;
}
