import { Injectable } from '@nestjs/common';
import {
  PORTAL_CSV_COLUMNS,
  type PortalCandidateList,
  type PortalCandidateQueryParsed,
  type PortalCandidateRow,
  type PortalCounts,
} from '@kbe/contracts';
import { pageRequest, paginationOf } from '../../common/pagination';
import type { CandidateListQuery } from '../../candidates/candidate.repository';
import { CandidateDirectory } from '../../candidates/directory/candidate-directory';
import type { DirectoryEntry } from '../../candidates/directory/directory-entry';
import { csvLine } from '@kbe/server-csv';
import { portalScopeOf, type PortalPrincipal } from '../portal-session';

/** Rows per keyset page of the CSV export. */
const EXPORT_PAGE = 500;

/** A pupil's row: status columns only, never the family's contact data. */
export function portalCandidateRowOf(entry: DirectoryEntry): PortalCandidateRow {
  return {
    candidateCode: entry.code,
    name: entry.sheet.fullName,
    category: entry.category,
    standard: entry.standard,
    mentorCode: entry.mentorCode,
    consentStatus: entry.consent,
    feesPaid: entry.feesPaid,
    hasPhoto: entry.hasPhoto,
    hasSignature: entry.hasSignature,
    hallTicketReleased: entry.hallTicketReleased,
    certificateReleased: entry.certificateReleased,
    createdAt: new Date(entry.createdAt).toISOString(),
  };
}

/** The counts at the top of the overview, over the live candidates of `entries`. */
export function portalCountsOf(entries: Iterable<DirectoryEntry>): PortalCounts {
  const counts: PortalCounts = {
    candidates: 0,
    consentGiven: 0,
    consentPending: 0,
    consentWithdrawn: 0,
    feesPaid: 0,
    missingFiles: 0,
    hallTicketsReleased: 0,
    certificatesReleased: 0,
  };
  for (const entry of entries) {
    if (entry.deletedAt !== null) continue;
    counts.candidates += 1;
    if (entry.consent === 'given') counts.consentGiven += 1;
    else if (entry.consent === 'withdrawn') counts.consentWithdrawn += 1;
    else counts.consentPending += 1;
    if (entry.feesPaid) counts.feesPaid += 1;
    if (!entry.hasPhoto || !entry.hasSignature) counts.missingFiles += 1;
    if (entry.hallTicketReleased) counts.hallTicketsReleased += 1;
    if (entry.certificateReleased) counts.certificatesReleased += 1;
  }
  return counts;
}

const csvRowOf = (row: PortalCandidateRow) => csvLine(PORTAL_CSV_COLUMNS.map((column) => row[column]));

const flagOf = (value: string | undefined) => (value === 'released' ? true : value === 'not-released' ? false : undefined);

/**
 * The directory query of a portal request: the admin list's filters inside the session's scope. A
 * school may narrow to one of its mentors; a mentor naming another mentor sees no one.
 */
export function portalCandidateFilter(principal: PortalPrincipal, query: PortalCandidateQueryParsed): CandidateListQuery | null {
  const scope = portalScopeOf(principal);
  if (scope.mentorCode && query.mentorCode && query.mentorCode !== scope.mentorCode) return null;
  return {
    search: query.search,
    feesPaid: query.filter === 'paid' ? true : query.filter === 'unpaid' ? false : undefined,
    hallTicketReleased: flagOf(query.released),
    certificateReleased: flagOf(query.certificate),
    category: query.category,
    consent: query.consent,
    sort: query.sort,
    mentorCode: scope.mentorCode ?? query.mentorCode,
    schoolCode: scope.schoolCode,
  };
}

/**
 * A school's or a mentor's pupils from the candidate directory (docs/adr/0006): a page with the
 * counts of the whole scope, or every match as CSV in keyset pages. The scope's own index keeps
 * a page of 200 pupils from walking the other 20,000.
 */
@Injectable()
export class ListPortalCandidatesUseCase {
  constructor(private readonly directory: CandidateDirectory) {}

  execute(principal: PortalPrincipal, query: PortalCandidateQueryParsed): PortalCandidateList {
    const page = pageRequest(query);
    const counts = this.counts(principal);
    const filter = portalCandidateFilter(principal, query);
    if (!filter) return { candidates: [], pagination: paginationOf(page, 0), counts };
    const found = this.directory.pageOfEntries(filter, page);
    return { candidates: found.entries.map(portalCandidateRowOf), pagination: paginationOf(page, found.total), counts };
  }

  counts(principal: PortalPrincipal): PortalCounts {
    return portalCountsOf(this.directory.inScope(portalScopeOf(principal)) ?? []);
  }

  /** The CSV (PORTAL_CSV_COLUMNS, a BOM first for spreadsheets), written page by page. */
  async *exportCsv(principal: PortalPrincipal, query: PortalCandidateQueryParsed): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(PORTAL_CSV_COLUMNS)}`;
    const filter = portalCandidateFilter(principal, query);
    if (!filter) return;
    let after: string | undefined;
    for (;;) {
      const entries = this.directory.matchingAfter(filter, after, EXPORT_PAGE);
      if (entries.length > 0) yield entries.map((entry) => csvRowOf(portalCandidateRowOf(entry))).join('');
      if (entries.length < EXPORT_PAGE) return;
      after = entries[entries.length - 1].code;
    }
  }
}
