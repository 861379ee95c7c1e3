import {
  EXAM_RESULT_PATHS,
  examResultsResponseSchema,
  resultsWithdrawalResponseSchema,
  type ExamLevel,
  type ExamResultsOutcome,
  type ExamResultsRequest,
} from '@kbe/contracts';
import { InternalCallError, type InternalHttpClient } from '@kbe/server-auth';

/** registration-service's side of results: it keeps each candidate's published result, and takes them back. */
export interface ResultsHandOver {
  /** One batch of results (at most EXAM_RESULTS_BATCH_MAX). */
  publish(results: ExamResultsRequest['results']): Promise<ExamResultsOutcome['outcomes']>;
  /** Takes the level's results back; a refusal (409: certificates out) is a WithdrawalRefused. */
  withdraw(level: ExamLevel): Promise<number>;
}
export const RESULTS_HAND_OVER = Symbol('RESULTS_HAND_OVER');

/** registration-service refused a withdrawal (certificates of the level are released), in its words. */
export class WithdrawalRefused extends Error {}

export class HttpResultsHandOver implements ResultsHandOver {
  constructor(private readonly registration: InternalHttpClient) {}

  async publish(results: ExamResultsRequest['results']): Promise<ExamResultsOutcome['outcomes']> {
    return (await this.registration.put(EXAM_RESULT_PATHS.results, { results }, examResultsResponseSchema)).data.outcomes;
  }

  async withdraw(level: ExamLevel): Promise<number> {
    try {
      return (await this.registration.post(EXAM_RESULT_PATHS.withdrawal, { level }, resultsWithdrawalResponseSchema)).data.withdrawn;
    } catch (error) {
      if (error instanceof InternalCallError && error.status === 409) throw new WithdrawalRefused(messageOf(error));
      throw error;
    }
  }
}

/** The `message` of the refusal's JSON body, as registration-service wrote it (its whole body when not JSON). */
function messageOf(error: InternalCallError): string {
  const body = error.body ?? error.message;
  try {
    const message: unknown = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' ? message : Array.isArray(message) ? message.join('; ') : body;
  } catch {
    return body;
  }
}
