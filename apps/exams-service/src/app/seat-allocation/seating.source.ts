import {
  EXAM_SEAT_PATHS,
  examSeatsResponseSchema,
  seatingResponseSchema,
  SEATING_PAGE_MAX,
  type ExamSeatsResult,
  type Seat,
  type SeatingCandidate,
  type SeatingPage,
} from '@kbe/contracts';
import type { InternalHttpClient } from '@kbe/server-auth';

/** registration-service's side of seating: the candidates it holds, and the seats it takes. */
export interface SeatingSource {
  /** Every live candidate, page by page in code order. */
  candidates(): AsyncIterable<SeatingCandidate[]>;
  /** Hands over one batch of seats (and withdrawn ones), at most EXAM_SEATS_BATCH_MAX of each. */
  assign(seats: readonly Seat[], cleared: readonly string[]): Promise<ExamSeatsResult['results']>;
}
export const SEATING_SOURCE = Symbol('SEATING_SOURCE');

export class HttpSeatingSource implements SeatingSource {
  constructor(private readonly registration: InternalHttpClient) {}

  async *candidates(): AsyncIterable<SeatingCandidate[]> {
    let after: string | null = null;
    do {
      const query: URLSearchParams = new URLSearchParams({ limit: String(SEATING_PAGE_MAX), ...(after ? { after } : {}) });
      const page: SeatingPage = (await this.registration.get(`${EXAM_SEAT_PATHS.seating}?${query}`, seatingResponseSchema)).data;
      yield page.candidates;
      after = page.next;
    } while (after);
  }

  async assign(seats: readonly Seat[], cleared: readonly string[]): Promise<ExamSeatsResult['results']> {
    return (await this.registration.put(EXAM_SEAT_PATHS.seats, { seats, cleared }, examSeatsResponseSchema)).data.results;
  }
}
