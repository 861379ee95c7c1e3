import { Inject, Injectable } from '@nestjs/common';
import type { Centre } from '@kbe/contracts';
import { checkCsvCentre } from '../centre-import.check';
import { readCentreCsv, type CentreImportProblem } from '../centre-csv.reader';
import { sameCentre } from '../centre.record';
import { CENTRE_REPOSITORY, type CentreRepository } from '../centre.repository';
import { CreateCentreUseCase } from './create-centre.usecase';
import { UpdateCentreUseCase } from './update-centre.usecase';

/** What an import did (or, in a dry run, would do): centres by outcome, and every problem by line and column. */
export interface CentreImportReport {
  dryRun: boolean;
  created: number;
  updated: number;
  unchanged: number;
  /** Centres not imported because of a problem. */
  invalid: number;
  problems: CentreImportProblem[];
}

/**
 * Imports centres from a CSV (CENTRE_CSV_COLUMNS): each valid centre is created or replaced by its
 * code, one already equal is left alone, so the same file twice changes nothing. A dry run
 * checks everything and stores nothing.
 */
@Injectable()
export class ImportCentresUseCase {
  constructor(
    @Inject(CENTRE_REPOSITORY) private readonly centres: CentreRepository,
    private readonly createCentre: CreateCentreUseCase,
    private readonly updateCentre: UpdateCentreUseCase,
  ) {}

  async execute(csv: string, dryRun: boolean): Promise<CentreImportReport> {
    const report: CentreImportReport = { dryRun, created: 0, updated: 0, unchanged: 0, invalid: 0, problems: [] };
    const valid: Centre[] = [];
    for (const csvCentre of readCentreCsv(csv)) {
      const checked = checkCsvCentre(csvCentre);
      if (checked.centre) {
        valid.push(checked.centre);
      } else {
        report.invalid += 1;
        report.problems.push(...checked.problems);
      }
    }
    const stored = new Map((await this.centres.findByCodes(valid.map((centre) => centre.code))).map((centre) => [centre.code, centre]));
    for (const centre of valid) {
      const existing = stored.get(centre.code);
      if (existing && sameCentre(existing, centre)) {
        report.unchanged += 1;
      } else if (existing) {
        if (!dryRun) await this.updateCentre.execute(centre);
        report.updated += 1;
      } else {
        if (!dryRun) await this.createCentre.execute(centre);
        report.created += 1;
      }
    }
    report.problems.sort((a, b) => a.line - b.line);
    return report;
  }
}
