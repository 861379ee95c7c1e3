import { EXAM_LEVELS, NEXT_LEVEL, type CandidateResult, type ExamLevel, type ExamResultOutcome } from '@kbe/contracts';
import type { ReleaseFact } from './candidate.schema';
import type { ExamSeatRecord } from './exam-seat';

/** The level a candidate sits when the record names none: every registered candidate starts at Mains. */
export const FIRST_LEVEL: ExamLevel = 'Mains';

export function levelOf(stored: ExamLevel | null | undefined): ExamLevel {
  return stored ?? FIRST_LEVEL;
}

/**
 * What a candidate had at a level they moved on from, kept in `levelHistory` (oldest first): the
 * fee, the hall ticket and the seat are per level, so moving on starts them afresh and a
 * withdrawal of the results puts these back.
 */
export interface LevelFacts {
  level: ExamLevel;
  feesPaid: boolean;
  receiptNumber: string | null;
  hallTicketReleased: boolean;
  hallTicketRelease: ReleaseFact | null;
  examSeat: ExamSeatRecord | null;
  seatNumber: string | null;
  center: string | null;
  examTime: Date | null;
}

/** The record's facts of the current level, as LevelFacts has them (without the level). */
export type CurrentLevelFacts = Omit<LevelFacts, 'level'>;

/** The facts of a level not yet begun: what moving on sets. */
export const FRESH_LEVEL_FACTS: CurrentLevelFacts = {
  feesPaid: false,
  receiptNumber: null,
  hallTicketReleased: false,
  hallTicketRelease: null,
  examSeat: null,
  seatNumber: null,
  center: null,
  examTime: null,
};

/** What the results hand-over reads of a candidate. */
export interface ResultState extends CurrentLevelFacts {
  candidateCode: string;
  /** As stored: absent on candidates registered before levels existed (Mains). */
  level?: ExamLevel | null;
  results: CandidateResult[];
  levelHistory: LevelFacts[];
  certificateReleased: boolean;
}

/** The fields a results change sets on a candidate (always results and resultLevels; the level's facts when it moves). */
export interface ResultFields extends Partial<CurrentLevelFacts> {
  results: CandidateResult[];
  /** Top-level copy of the levels in `results`: what the withdrawal selects on (docs/adr/0004). */
  resultLevels: ExamLevel[];
  level?: ExamLevel;
  levelHistory?: LevelFacts[];
}

export interface PublishedChange {
  outcome: Exclude<ExamResultOutcome, 'not-found'>;
  /** Null when unchanged. */
  set: ResultFields | null;
  movedOn: boolean;
}

/** Whether two results of a level say the same, whenever each was published. */
export function sameResult(a: CandidateResult, b: CandidateResult): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof CandidateResult)[]);
  keys.delete('publishedAt');
  return [...keys].every((key) => a[key] === b[key]);
}

const levelOrder = (a: { level: ExamLevel }, b: { level: ExamLevel }) => EXAM_LEVELS.indexOf(a.level) - EXAM_LEVELS.indexOf(b.level);

/**
 * A published result on the candidate: stored in `results` (one per level, a result of the same
 * level replaced), unless the same result is stored already. A qualified candidate who sits the
 * result's level moves on to its next level: that level's facts go to `levelHistory` and the
 * fee, hall ticket and seat start afresh (same code, no new registration).
 */
export function publishResult(state: ResultState, result: CandidateResult): PublishedChange {
  const stored = state.results.find((kept) => kept.level === result.level);
  if (stored && sameResult(stored, result)) return { outcome: 'unchanged', set: null, movedOn: false };
  const results = [...state.results.filter((kept) => kept.level !== result.level), result].sort(levelOrder);
  const set: ResultFields = { results, resultLevels: results.map((kept) => kept.level) };
  const movesOn = result.qualified && result.nextLevel !== null && result.nextLevel !== result.level && levelOf(state.level) === result.level;
  if (movesOn && result.nextLevel) {
    Object.assign(set, { level: result.nextLevel, levelHistory: [...state.levelHistory, archivedFacts(state, result.level)], ...FRESH_LEVEL_FACTS });
  }
  return { outcome: 'published', set, movedOn: movesOn };
}

function archivedFacts(state: ResultState, level: ExamLevel): LevelFacts {
  return {
    level,
    feesPaid: state.feesPaid,
    receiptNumber: state.receiptNumber ?? null,
    hallTicketReleased: state.hallTicketReleased,
    hallTicketRelease: state.hallTicketRelease ?? null,
    examSeat: state.examSeat ?? null,
    seatNumber: state.seatNumber ?? null,
    center: state.center ?? null,
    examTime: state.examTime ?? null,
  };
}

function restoredFacts(archived: LevelFacts): CurrentLevelFacts {
  return {
    feesPaid: archived.feesPaid,
    receiptNumber: archived.receiptNumber,
    hallTicketReleased: archived.hallTicketReleased,
    hallTicketRelease: archived.hallTicketRelease,
    examSeat: archived.examSeat,
    seatNumber: archived.seatNumber,
    center: archived.center,
    examTime: archived.examTime,
  };
}

/** Whether anything is recorded at the candidate's current level: a fee, a seat, a released hall ticket. */
export function hasLevelActivity(state: CurrentLevelFacts): boolean {
  return state.feesPaid || state.hallTicketReleased || Boolean(state.examSeat) || Boolean(state.seatNumber);
}

/** Why a level's results cannot be withdrawn from a candidate (null: they can). */
export type WithdrawalBlock = 'certificate-released' | 'moved-on';

/**
 * The withdrawal of a level's results from one candidate: the result goes, and a candidate it
 * moved on goes back (the archived facts restored, the history entry taken). Blocked once the
 * candidate's certificate is out, or when the candidate did anything at the next level (or went
 * on past it).
 */
export function withdrawResult(state: ResultState, level: ExamLevel): { block: WithdrawalBlock } | { set: ResultFields; movedBack: boolean } {
  if (state.certificateReleased) return { block: 'certificate-released' };
  const results = state.results.filter((kept) => kept.level !== level);
  const set: ResultFields = { results, resultLevels: results.map((kept) => kept.level) };
  const archived = state.levelHistory.findIndex((facts) => facts.level === level);
  if (archived < 0) return { set, movedBack: false };
  const last = archived === state.levelHistory.length - 1;
  if (!last || levelOf(state.level) !== NEXT_LEVEL[level] || hasLevelActivity(state)) return { block: 'moved-on' };
  Object.assign(set, { level, levelHistory: state.levelHistory.slice(0, archived), ...restoredFacts(state.levelHistory[archived]) });
  return { set, movedBack: true };
}
