import type { QueryValue } from '@kbe/api-client';
import type { CandidateFeesFilter, ReleasedFilter } from '@kbe/contracts';
import type { ConsentStatus, KbeCategory } from '@kbe/contracts/zod-free';

/** Pupils on one page of the overview. */
export const PORTAL_PAGE_SIZE = 20;

/** How long the search box waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The overview's filters as the form holds them ('' and 'all': no filter). */
export interface PortalFilters {
  fees: CandidateFeesFilter;
  consent: ConsentStatus | '';
  hallTicket: ReleasedFilter;
  certificate: ReleasedFilter;
  category: KbeCategory | '';
  /** A school's filter on one of its mentors ('' for all). */
  mentorCode: string;
  search: string;
}

export const NO_FILTERS: PortalFilters = {
  fees: 'all',
  consent: '',
  hallTicket: 'all',
  certificate: 'all',
  category: '',
  mentorCode: '',
  search: '',
};

/**
 * The query of `GET /api/portal/candidates` and of its CSV export: only the filters that are set
 * (the server's defaults are "all"), with the page and its size for the list.
 */
export function candidateQuery(filters: PortalFilters, page?: number): Record<string, QueryValue> {
  const search = filters.search.trim();
  const query: Record<string, QueryValue> = {
    filter: filters.fees === 'all' ? undefined : filters.fees,
    consent: filters.consent || undefined,
    released: filters.hallTicket === 'all' ? undefined : filters.hallTicket,
    certificate: filters.certificate === 'all' ? undefined : filters.certificate,
    category: filters.category || undefined,
    mentorCode: filters.mentorCode || undefined,
    search: search || undefined,
  };
  if (page !== undefined) {
    query['page'] = page;
    query['limit'] = PORTAL_PAGE_SIZE;
  }
  return query;
}
