import { ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import {
  countOf,
  EXAM_RESULTS_BATCH_MAX,
  NEXT_LEVEL,
  plural,
  resultPublishedEventId,
  type CandidateResult,
  type CandidateResultPublishedPayload,
  type ExamLevel,
  type ExamResultsOutcome,
  type ExamResultsRequest,
} from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import { isDuplicateKeyError } from '@kbe/server-database';
import { EventPublisher, OUTBOX_STORE, OutboxRelay, type OutboxStore } from '@kbe/server-messaging';
import { CLOCK, type Clock } from '../../common/clock';
import { CANDIDATE_REPOSITORY, type CandidateRepository, type ResultFieldsChange, type ResultHandOverState } from '../candidate.repository';
import { publishResult, withdrawResult } from '../exam-result';

type HandedOverResult = ExamResultsRequest['results'][number];

/** Candidates written per statement of a withdrawal: as many as one hand-over holds. */
const WITHDRAWAL_BATCH = EXAM_RESULTS_BATCH_MAX;

/** The 409s of a withdrawal. */
export const RESULTS_WITHDRAWAL_MESSAGES = {
  certificatesReleased: (level: ExamLevel) => `Certificates of ${level} are already released: the results can no longer be withdrawn`,
  movedOn: (level: ExamLevel, count: number) =>
    `${countOf(count, 'candidate')} who moved on from ${level} ${plural(count, { one: 'has', other: 'have' })} a fee, a seat or a hall ticket recorded at ${NEXT_LEVEL[level] ?? 'the next level'}: the results can no longer be withdrawn`,
} as const;

/**
 * The results exams-service hands over when the admin publishes a level (exam-result.ts): each is
 * kept on the live candidate, a qualified candidate moves on to the next level (its fee, hall
 * ticket and seat start afresh, the old ones archived), and `candidate.result-published` tells
 * the guardian, once per candidate, level and publication. A withdrawal takes a level's results
 * back and the candidates it moved on with them, unless certificates are out or a candidate has
 * begun the next level.
 */
@Injectable()
export class RecordExamResultsUseCase {
  private readonly logger = new Logger(RecordExamResultsUseCase.name);

  constructor(
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    @Inject(OUTBOX_STORE) private readonly outbox: OutboxStore,
    private readonly relay: OutboxRelay,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async publish(handedOver: readonly HandedOverResult[]): Promise<ExamResultsOutcome> {
    const states = await this.candidates.resultStates(handedOver.map((result) => result.candidateCode));
    const changes: ResultFieldsChange[] = [];
    const published: { state: ResultHandOverState; result: CandidateResult }[] = [];
    const outcomes = handedOver.map(({ candidateCode, ...result }) => {
      const state = states.get(candidateCode);
      if (!state) return { candidateCode, outcome: 'not-found' as const };
      const change = publishResult(state, result);
      if (change.set) {
        changes.push({ candidateCode, readLevel: state.level, set: change.set });
        // a code twice in one batch: the later result is read against the earlier
        states.set(candidateCode, { ...state, ...change.set });
        published.push({ state, result });
      }
      return { candidateCode, outcome: change.outcome };
    });
    // announced before they are stored, under stable ids: a failure in between leaves the batch to
    // be handed over again (exams-service retries it), which stores it and queues no second event;
    // the other order could store a result whose guardian is never told
    await Promise.all(published.map(({ state, result }) => this.announce(state, result)));
    await this.candidates.setResultFields(changes);
    return { outcomes };
  }

  /** Takes a level's results back from every candidate; 409 (nothing changed) when it may not. */
  async withdraw(level: ExamLevel): Promise<{ withdrawn: number }> {
    const states = await this.candidates.resultStatesOfLevel(level);
    const changes: ResultFieldsChange[] = [];
    let movedOn = 0;
    let certificates = false;
    for (const state of states) {
      const withdrawal = withdrawResult(state, level);
      if ('block' in withdrawal) {
        if (withdrawal.block === 'certificate-released') certificates = true;
        else movedOn += 1;
        continue;
      }
      changes.push({ candidateCode: state.candidateCode, readLevel: state.level, set: withdrawal.set });
    }
    if (certificates) throw new ConflictException(RESULTS_WITHDRAWAL_MESSAGES.certificatesReleased(level));
    if (movedOn > 0) throw new ConflictException(RESULTS_WITHDRAWAL_MESSAGES.movedOn(level, movedOn));
    // a level's thousands of candidates in batches the size of a hand-over; a withdrawal cut short is finished by asking again
    for (let i = 0; i < changes.length; i += WITHDRAWAL_BATCH) await this.candidates.setResultFields(changes.slice(i, i + WITHDRAWAL_BATCH));
    return { withdrawn: changes.length };
  }

  /** `candidate.result-published` under its stable id: a batch handed over again (or a retry) queues no second one. */
  private async announce(state: ResultHandOverState, result: CandidateResult): Promise<void> {
    const payload: CandidateResultPublishedPayload = {
      candidateCode: state.candidateCode,
      phoneNumber: state.guardianPhone,
      language: state.language,
      level: result.level,
      category: result.category,
      score: result.score,
      maxMarks: result.maxMarks,
      absent: result.absent,
      rank: result.rank,
      medal: result.medal,
      qualified: result.qualified,
      nextLevel: result.nextLevel,
      publishedAt: result.publishedAt,
    };
    const id = resultPublishedEventId(payload);
    const publisher = new EventPublisher(this.outbox, this.relay, () => this.clock.now(), () => id);
    try {
      await publisher.publish('candidate.result-published', payload, { key: state.candidateCode });
    } catch (error) {
      if (isDuplicateKeyError(error)) return; // queued by an earlier hand-over of the same publication
      this.logger.warn(`candidate.result-published of ${state.candidateCode} not queued: ${errorMessage(error)}`);
      throw error;
    }
  }
}
