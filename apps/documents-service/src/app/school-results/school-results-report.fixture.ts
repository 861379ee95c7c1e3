import type { SchoolResultsReport, SchoolResultsReportRow } from '@kbe/contracts';

export const resultRow = (overrides: Partial<SchoolResultsReportRow> = {}): SchoolResultsReportRow => ({
  candidateCode: 'KBE100001ABC',
  name: 'Aarav Patil',
  standard: '8th',
  mentorCode: 'MEN-AAAA33',
  rollNumber: 'M-21-001-0001-0',
  category: 'Sec',
  score: 88.5,
  maxMarks: 100,
  absent: false,
  rank: 1,
  medal: 'gold',
  qualified: true,
  nextLevel: 'Advanced',
  ...overrides,
});

/** A school's Mains report as the portal sends it: two categories, a medal, an absentee, a Marathi name. */
export const schoolResultsReport = (overrides: Partial<SchoolResultsReport> = {}): SchoolResultsReport => ({
  schoolCode: 'SCH-AAAA22',
  schoolName: 'Nashik Model School',
  mentorCode: null,
  level: 'Mains',
  generatedAt: '2027-02-10T05:00:00.000Z',
  rows: [
    resultRow({ candidateCode: 'KBE100003ABC', name: 'Riya Jadhav', score: 40, rank: 12, medal: null, qualified: false, nextLevel: null }),
    resultRow(),
    resultRow({ candidateCode: 'KBE100002ABC', name: 'आरव पाटील', category: 'Prime', score: null, absent: true, rank: null, medal: null, qualified: false, nextLevel: null }),
  ],
  ...overrides,
});
