import { centreSchema, type Centre } from '@kbe/contracts';
import type { z } from 'zod';
import type { CentreImportProblem, CsvCentre } from './centre-csv.reader';

/** A centre of the CSV checked against the contract: the centre, or its problems by line and column. */
export type CheckedCentre = { centre: Centre; problems?: never } | { centre?: never; problems: CentreImportProblem[] };

/** Checks a CSV centre with the API's schema; every zod issue becomes `{ line, field, message }` with the API's message. */
export function checkCsvCentre(csvCentre: CsvCentre): CheckedCentre {
  const result = centreSchema.safeParse(csvCentre.input);
  const problems = [...csvCentre.problems, ...(result.success ? [] : result.error.issues.map((issue) => problemOf(csvCentre, issue)))];
  if (problems.length > 0 || !result.success) return { problems: uniqueProblems(problems).sort((a, b) => a.line - b.line) };
  return { centre: result.data };
}

/** Where a contract issue lies in the CSV: a room's issue on that room's line, the rest on the centre's first line. */
export function problemOf(csvCentre: CsvCentre, issue: z.core.$ZodIssue): CentreImportProblem {
  const [first, index, leaf] = issue.path;
  if (first === 'rooms') {
    const line = typeof index === 'number' ? (csvCentre.roomLines[index] ?? csvCentre.line) : csvCentre.line;
    return { line, field: leaf === 'capacity' ? 'capacity' : 'room', message: issue.message };
  }
  if (first === 'sittings') {
    const prefixed = typeof index === 'number' && !issue.message.startsWith('Sitting') ? `Sitting ${index + 1}: ${issue.message}` : issue.message;
    return { line: csvCentre.line, field: 'sittings', message: prefixed };
  }
  return { line: csvCentre.line, field: typeof first === 'string' ? first : 'code', message: issue.message };
}

function uniqueProblems(problems: CentreImportProblem[]): CentreImportProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.line}|${problem.field}|${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
