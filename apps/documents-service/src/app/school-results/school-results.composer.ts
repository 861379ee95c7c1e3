import { formatExamTime, KBE_CATEGORIES, MEDALS, type Medal, type SchoolResultsReport, type SchoolResultsReportRow } from '@kbe/contracts';
import Handlebars from 'handlebars';
import { DOCUMENT_STYLES } from '../templates/document.styles';
import { SCHOOL_RESULTS_STYLES, SCHOOL_RESULTS_TEMPLATE } from '../templates/school-results.template';

/** What a cell holds when there is nothing to say (no roll number, absent: no rank). */
export const NOTHING = '—';

const MEDAL_LABELS: Record<Medal, string> = { gold: 'Gold', silver: 'Silver', bronze: 'Bronze' };

interface Cell {
  text: string;
  number: boolean;
}

interface Column {
  label: string;
  number: boolean;
  cell: (row: SchoolResultsReportRow) => string;
}

const text = (value: string | number | null) => (value === null || value === '' ? NOTHING : String(value));

/** The table's columns; name, standard and mentor only when some row knows them (the portal's report, not the admin's). */
function columnsOf(rows: readonly SchoolResultsReportRow[]): Column[] {
  const known = (pick: (row: SchoolResultsReportRow) => string | null) => rows.some((row) => pick(row) !== null);
  const columns: (Column | false)[] = [
    { label: 'Rank', number: true, cell: (row) => text(row.rank) },
    { label: 'Candidate code', number: false, cell: (row) => row.candidateCode },
    known((row) => row.name) && { label: 'Name', number: false, cell: (row) => text(row.name) },
    known((row) => row.standard) && { label: 'Standard', number: false, cell: (row) => text(row.standard) },
    known((row) => row.mentorCode) && { label: 'Mentor', number: false, cell: (row) => text(row.mentorCode) },
    { label: 'Roll number', number: false, cell: (row) => text(row.rollNumber) },
    { label: 'Score', number: true, cell: (row) => (row.absent ? 'Absent' : `${text(row.score)} / ${row.maxMarks}`) },
    { label: 'Medal', number: false, cell: (row) => (row.medal ? MEDAL_LABELS[row.medal] : NOTHING) },
    { label: 'Qualified', number: false, cell: (row) => (row.qualified ? (row.nextLevel ? `Yes, for ${row.nextLevel}` : 'Yes') : 'No') },
  ];
  return columns.filter((column): column is Column => column !== false);
}

/** Rank order: ranked pupils first by rank, then absentees; ties by candidate code. */
function byRank(a: SchoolResultsReportRow, b: SchoolResultsReportRow): number {
  const rank = (row: SchoolResultsReportRow) => row.rank ?? Number.MAX_SAFE_INTEGER;
  return rank(a) - rank(b) || a.candidateCode.localeCompare(b.candidateCode);
}

/** The figures on top: pupils, sat, each medal, qualified. */
export function reportCounts(rows: readonly SchoolResultsReportRow[]): { label: string; value: number }[] {
  const count = (matches: (row: SchoolResultsReportRow) => boolean) => rows.filter(matches).length;
  return [
    { label: 'Pupils', value: rows.length },
    { label: 'Sat the paper', value: count((row) => !row.absent) },
    ...MEDALS.map((medal) => ({ label: `${MEDAL_LABELS[medal]} medals`, value: count((row) => row.medal === medal) })),
    { label: 'Qualified', value: count((row) => row.qualified) },
  ];
}

/**
 * A school's report of a level's results (`SchoolResultsReport`) as one self-contained HTML
 * document for the Chromium pool: the school, the level and the edition's year, the counts, one
 * table per category in rank order. Labels in English (the portal keeps no school language).
 */
export class SchoolResultsComposer {
  private readonly template = Handlebars.create().compile(SCHOOL_RESULTS_TEMPLATE, { strict: true });

  constructor(private readonly year: number) {}

  html(report: SchoolResultsReport): string {
    return this.template(this.view(report));
  }

  view(report: SchoolResultsReport) {
    const columns = columnsOf(report.rows);
    const categories = KBE_CATEGORIES.map((category) => ({ category, rows: report.rows.filter((row) => row.category === category).sort(byRank) }))
      .filter((group) => group.rows.length > 0)
      .map((group) => ({
        title: `${group.category} category`,
        rows: group.rows.map((row) => columns.map((column): Cell => ({ text: column.cell(row), number: column.number }))),
      }));
    return {
      styles: DOCUMENT_STYLES + SCHOOL_RESULTS_STYLES,
      year: this.year,
      title: `${report.level} results`,
      school: report.schoolName ? `${report.schoolName} (${report.schoolCode})` : report.schoolCode,
      mentorCode: report.mentorCode ?? '',
      generatedAt: formatExamTime(report.generatedAt),
      counts: reportCounts(report.rows),
      columns: columns.map(({ label, number }) => ({ label, number })),
      categories,
    };
  }
}
