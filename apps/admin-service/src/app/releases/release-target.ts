import {
  candidateSheetResponseSchema,
  internalCandidateListResponseSchema,
  REGISTRATION_INTERNAL_PATHS,
  releaseBatchResponseSchema,
  type ReleaseBatchOutcome,
  type ReleaseKind,
} from '@kbe/contracts';
import type { RegistrationClient } from '../common/registration.client';

export type ReleaseOutcome = ReleaseBatchOutcome;

/** What a release job needs from registration-service (behind an interface so the runner can be tested with a fake). */
export interface ReleaseTarget {
  /** Candidate codes matching the filter, in code order, after `after`. */
  page(
    filter: { search?: string; category?: string; candidateIds?: string[] },
    after: string | undefined,
    limit: number,
  ): Promise<{ codes: string[]; nextCursor: string | null }>;
  count(filter: { search?: string; category?: string; candidateIds?: string[] }): Promise<number>;
  release(
    kind: ReleaseKind,
    codes: string[],
    releasedBy: string,
  ): Promise<{ candidateCode: string; outcome: ReleaseOutcome; message?: string }[]>;
}
export const RELEASE_TARGET = Symbol('RELEASE_TARGET');

const filterQuery = (filter: { search?: string; category?: string; candidateIds?: string[] }) => ({
  search: filter.search,
  category: filter.category,
  codes: filter.candidateIds?.join(','),
});

export class RegistrationReleaseTarget implements ReleaseTarget {
  constructor(private readonly registration: RegistrationClient) {}

  async page(filter: { search?: string; category?: string; candidateIds?: string[] }, after: string | undefined, limit: number) {
    // The export's rows come from registration-service's candidate directory: no read of the store.
    const answer = await this.registration.get(
      REGISTRATION_INTERNAL_PATHS.candidatesSheet,
      { ...filterQuery(filter), after, limit },
      candidateSheetResponseSchema,
    );
    return { codes: answer.data.rows.map((row) => row.candidateId), nextCursor: answer.data.nextCursor };
  }

  async count(filter: { search?: string; category?: string; candidateIds?: string[] }) {
    const answer = await this.registration.get(
      REGISTRATION_INTERNAL_PATHS.candidates,
      { ...filterQuery(filter), page: 1, limit: 1 },
      internalCandidateListResponseSchema,
    );
    return answer.data.pagination.total;
  }

  async release(kind: ReleaseKind, codes: string[], releasedBy: string) {
    const answer = await this.registration.send(
      'POST',
      REGISTRATION_INTERNAL_PATHS.candidatesRelease,
      { body: { kind, candidateCodes: codes, releasedBy } },
      releaseBatchResponseSchema,
    );
    return answer.data.results;
  }
}
