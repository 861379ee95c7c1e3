import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { type ExamLevel, type KbeCategory, type ResultsImportProblem, type ResultsImportReport, type resultsImportRequestSchema } from '@kbe/contracts';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { AUDIT_LOG, type AuditActor, type AuditLog } from '../../audit/audit-log';
import { SEAT_REPOSITORY, type SeatRepository } from '../../seat-allocation/seat.repository';
import { SEATING_SOURCE, type SeatingSource } from '../../seat-allocation/seating.source';
import { rankResults } from '../rank-results';
import { readResultsCsv } from '../results-csv.reader';
import { checkResults, type SeatedCandidate } from '../results-import.check';
import { RESULTS_MESSAGES } from '../results.messages';
import { RESULT_REPOSITORY, type ResultRepository } from '../result.repository';

export type ImportResultsCommand = z.output<typeof resultsImportRequestSchema>;

/**
 * A level's results from the OMR sheet (CSV): every line checked against the level's seats and
 * the seating feed (category, school), ranked, and stored only when no line has a problem (all or
 * nothing). The same file again changes nothing; another file replaces stored results only when
 * asked (`replace`) and never once they are published. Imports and replacements are audited.
 */
@Injectable()
export class ImportResultsUseCase {
  constructor(
    @Inject(RESULT_REPOSITORY) private readonly results: ResultRepository,
    @Inject(SEAT_REPOSITORY) private readonly seats: SeatRepository,
    @Inject(SEATING_SOURCE) private readonly seating: SeatingSource,
    @Inject(AUDIT_LOG) private readonly audit: AuditLog,
  ) {}

  async execute(command: ImportResultsCommand, actor: AuditActor): Promise<ResultsImportReport> {
    const { level, csv, dryRun, replace } = command;
    const fileHash = createHash('sha256').update(csv).digest('hex');
    const report: ResultsImportReport = { level, dryRun, lines: 0, stored: false, unchanged: false, replaced: false, sat: 0, absent: 0, problems: [] };
    const stored = await this.results.level(level);
    if (stored && stored.fileHash === fileHash) return { ...report, lines: stored.lines, sat: stored.sat, absent: stored.absent, unchanged: true };
    if (stored && !replace) throw new ConflictException(RESULTS_MESSAGES.alreadyImported(level, stored.importedAt.toISOString().slice(0, 10)));
    if (stored?.status === 'published') throw new ConflictException(RESULTS_MESSAGES.publishedReplace(level));
    if (stored?.publication && stored.publication.finishedAt === null) throw new ConflictException(RESULTS_MESSAGES.publicationRunning(level));

    const read = readResultsCsv(csv);
    if (read.problems.length > 0) return { ...report, lines: read.lines.length, problems: read.problems };
    const seats = await this.seats.namesOfLevel(level);
    const rolls = new Set(seats.map((seat) => seat.rollNumber));
    const codes = new Set(seats.map((seat) => seat.candidateCode));
    const otherLevels = await this.seats.elsewhere(
      level,
      read.lines.flatMap((line) => (line.rollNumber && !rolls.has(line.rollNumber) ? [line.rollNumber] : [])),
      read.lines.flatMap((line) => (!line.rollNumber && line.candidateCode && !codes.has(line.candidateCode) ? [line.candidateCode] : [])),
    );
    const { entries, problems } = checkResults({ level, lines: read.lines, seats, otherLevels, candidates: await this.candidatesOf(level) });
    const sat = entries.filter((entry) => !entry.absent).length;
    const checked = { ...report, lines: read.lines.length, sat, absent: entries.length - sat, problems: problems.sort(byLine) };
    // all or nothing: a file with a wrong line is corrected and sent again, never half stored
    if (dryRun || problems.length > 0) return checked;

    const ranked = rankResults(level, entries);
    const importedAt = new Date();
    await this.results.replace(
      {
        _id: level,
        status: 'imported',
        fileHash,
        importedAt,
        importedBy: actor.admin.username,
        publishedAt: null,
        withdrawnAt: null,
        lines: checked.lines,
        sat,
        absent: checked.absent,
        categories: ranked.categories,
        publication: null,
      },
      ranked.results,
    );
    await this.audit.record(actor, {
      action: stored ? 'results.replace' : 'results.import',
      target: { type: 'results', id: level },
      details: { fileHash, lines: checked.lines, sat, absent: checked.absent, ...(stored ? { replacedFileHash: stored.fileHash, replacedImportedAt: stored.importedAt.toISOString() } : {}) },
    });
    return { ...checked, stored: true, replaced: stored !== null };
  }

  /** The level's live candidates from registration-service's seating feed: category and school. */
  private async candidatesOf(level: ExamLevel): Promise<Map<string, SeatedCandidate>> {
    const candidates = new Map<string, SeatedCandidate>();
    for await (const page of this.seating.candidates()) {
      for (const candidate of page) {
        if (candidate.level === level) candidates.set(candidate.candidateCode, { category: candidate.category as KbeCategory, schoolCode: candidate.schoolCode });
      }
    }
    return candidates;
  }
}

/** Lines in file order, the candidates without a line last. */
function byLine(a: ResultsImportProblem, b: ResultsImportProblem): number {
  return (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER);
}
