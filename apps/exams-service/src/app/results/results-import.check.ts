import { MAX_MARKS, type ExamLevel, type KbeCategory, type ResultsImportProblem } from '@kbe/contracts';
import type { ResultEntry } from './rank-results';
import type { ResultsLine } from './results-csv.reader';
import { RESULTS_MESSAGES } from './results.messages';

/** What the check needs of a seat of the level. */
export interface LevelSeat {
  candidateCode: string;
  rollNumber: string;
  centreCode: string;
  room: string;
  /** The room's attendance: true absent, false sat, null not recorded. */
  absent: boolean | null;
}

/** A seat of another level that a line names. */
export interface OtherLevelSeat {
  candidateCode: string;
  rollNumber: string;
  level: ExamLevel;
}

/** What the seating feed says of a candidate: the ranking's category and the school report's school. */
export interface SeatedCandidate {
  category: KbeCategory;
  schoolCode: string;
}

export interface ResultsCheckInput {
  level: ExamLevel;
  lines: readonly ResultsLine[];
  /** Every seat of the level. */
  seats: readonly LevelSeat[];
  /** Seats of other levels named by a line that no seat of the level has. */
  otherLevels: readonly OtherLevelSeat[];
  /** The level's live candidates (registration-service's seating feed), by candidate code. */
  candidates: ReadonlyMap<string, SeatedCandidate>;
}

export interface ResultsCheck {
  entries: ResultEntry[];
  problems: ResultsImportProblem[];
}

const ABSENT = new Set(['yes', 'y']);
const PRESENT = new Set(['', 'no', 'n']);
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Checks every line of a level's results against its seats and reports every problem, per line
 * and field, so that one corrected file fixes them all: the candidate named (by roll number or
 * candidate code) has a seat of the level and is still registered, and is on one line only; the
 * score is a number from 0 to the level's maximum in whole or half marks, or the line is marked
 * absent, not both; a candidate the room's attendance marked absent has no score. Every seated,
 * registered candidate of the level needs a line (`line: null` otherwise).
 */
export function checkResults(input: ResultsCheckInput): ResultsCheck {
  const { level, candidates } = input;
  const byRoll = new Map(input.seats.map((seat) => [seat.rollNumber, seat]));
  const byCode = new Map(input.seats.map((seat) => [seat.candidateCode, seat]));
  const otherByRoll = new Map(input.otherLevels.map((seat) => [seat.rollNumber, seat]));
  const otherByCode = new Map(input.otherLevels.map((seat) => [seat.candidateCode, seat]));
  const firstLineOf = new Map<string, number>();
  const entries: ResultEntry[] = [];
  const problems: ResultsImportProblem[] = [];

  for (const line of input.lines) {
    const found: ResultsImportProblem[] = [];
    const report = (field: ResultsImportProblem['field'], message: string) => found.push({ line: line.line, field, message });

    let seat: LevelSeat | undefined;
    if (line.rollNumber) {
      seat = byRoll.get(line.rollNumber);
      const other = otherByRoll.get(line.rollNumber);
      if (!seat) report('roll number', other ? RESULTS_MESSAGES.otherLevel(`Roll number ${line.rollNumber}`, level, other.level) : RESULTS_MESSAGES.unknownRollNumber(line.rollNumber, level));
      else if (line.candidateCode && line.candidateCode !== seat.candidateCode) report('candidate code', RESULTS_MESSAGES.namesDisagree(line.rollNumber, seat.candidateCode, line.candidateCode));
    } else if (line.candidateCode) {
      seat = byCode.get(line.candidateCode);
      const other = otherByCode.get(line.candidateCode);
      if (!seat) report('candidate code', other ? RESULTS_MESSAGES.otherLevel(`Candidate ${line.candidateCode}`, level, other.level) : RESULTS_MESSAGES.unknownCandidateCode(line.candidateCode, level));
    } else {
      report('roll number', RESULTS_MESSAGES.nameMissing);
    }
    const candidate = seat ? candidates.get(seat.candidateCode) : undefined;
    if (seat) {
      const earlier = firstLineOf.get(seat.candidateCode);
      const field = line.rollNumber ? 'roll number' : 'candidate code';
      if (earlier !== undefined) report(field, RESULTS_MESSAGES.duplicate(seat.candidateCode, earlier));
      else firstLineOf.set(seat.candidateCode, line.line);
      if (!candidate) report(field, RESULTS_MESSAGES.notRegistered(seat.candidateCode));
    }

    const absent = ABSENT.has(line.absent) ? true : PRESENT.has(line.absent) ? false : null;
    if (absent === null) report('absent', RESULTS_MESSAGES.absentValue);
    const score = scoreOf(line.score, level, report);
    if (absent === true && line.score !== '') report('score', RESULTS_MESSAGES.scoreWhenAbsent);
    if (absent === false && line.score === '') report('score', RESULTS_MESSAGES.scoreMissing);
    if (absent === false && line.score !== '' && seat?.absent === true) report('score', RESULTS_MESSAGES.markedAbsent(seat.room, seat.centreCode));

    problems.push(...found);
    if (found.length === 0 && seat && candidate && absent !== null) {
      entries.push({ candidateCode: seat.candidateCode, rollNumber: seat.rollNumber, category: candidate.category, schoolCode: candidate.schoolCode, score: absent ? null : score, absent });
    }
  }

  for (const seat of input.seats) {
    if (candidates.has(seat.candidateCode) && !firstLineOf.has(seat.candidateCode)) {
      problems.push({ line: null, field: null, message: RESULTS_MESSAGES.missingLine(seat.rollNumber, seat.candidateCode, level) });
    }
  }
  return { entries, problems };
}

/** The line's score (null when empty or wrong, the problem reported). */
function scoreOf(text: string, level: ExamLevel, report: (field: 'score', message: string) => void): number | null {
  if (text === '') return null;
  if (!NUMBER.test(text)) {
    report('score', RESULTS_MESSAGES.scoreNotNumber(text));
    return null;
  }
  const score = Number(text);
  if (score < 0 || score > MAX_MARKS[level]) report('score', RESULTS_MESSAGES.scoreOutOfRange(level, MAX_MARKS[level]));
  else if (!Number.isInteger(score * 2)) report('score', RESULTS_MESSAGES.scoreNotHalf);
  else return score;
  return null;
}
