import { schoolResultsReportSchema } from '@kbe/contracts';
import { reportCounts, SchoolResultsComposer } from './school-results.composer';
import { resultRow, schoolResultsReport } from './school-results-report.fixture';

const text = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('SchoolResultsComposer', () => {
  const composer = new SchoolResultsComposer(2027);

  it('heads the report with the school, the level and the year, and counts pupils, medals and the qualified', () => {
    const printed = text(composer.html(schoolResultsReport()));
    expect(printed).toContain('KBE Young Scientist Competition 2027');
    expect(printed).toContain('Mains results');
    expect(printed).toContain('Nashik Model School (SCH-AAAA22)');
    expect(printed).toContain('Generated on 10 February 2027, 10:30 am IST');
    expect(reportCounts(schoolResultsReport().rows)).toEqual([
      { label: 'Pupils', value: 3 },
      { label: 'Sat the paper', value: 2 },
      { label: 'Gold medals', value: 1 },
      { label: 'Silver medals', value: 0 },
      { label: 'Bronze medals', value: 0 },
      { label: 'Qualified', value: 1 },
    ]);
  });

  it('prints one table per category (Prime, Sec, High order), each in rank order with absentees last', () => {
    const view = composer.view(schoolResultsReport());
    expect(view.categories.map((category) => category.title)).toEqual(['Prime category', 'Sec category']);
    expect(view.columns.map((column) => column.label)).toEqual(['Rank', 'Candidate code', 'Name', 'Standard', 'Mentor', 'Roll number', 'Score', 'Medal', 'Qualified']);
    const sec = view.categories[1]?.rows.map((cells) => cells.map((cell) => cell.text));
    expect(sec).toEqual([
      ['1', 'KBE100001ABC', 'Aarav Patil', '8th', 'MEN-AAAA33', 'M-21-001-0001-0', '88.5 / 100', 'Gold', 'Yes, for Advanced'],
      ['12', 'KBE100003ABC', 'Riya Jadhav', '8th', 'MEN-AAAA33', 'M-21-001-0001-0', '40 / 100', '—', 'No'],
    ]);
    expect(view.categories[0]?.rows[0]?.map((cell) => cell.text)).toEqual(['—', 'KBE100002ABC', 'आरव पाटील', '8th', 'MEN-AAAA33', 'M-21-001-0001-0', 'Absent', '—', 'No']);
  });

  it('leaves out the name, standard and mentor columns when no row knows them (the admin report), and names the school by code alone', () => {
    const report = schoolResultsReport({ schoolName: null, rows: [resultRow({ name: null, standard: null, mentorCode: null })] });
    const view = composer.view(report);
    expect(view.columns.map((column) => column.label)).toEqual(['Rank', 'Candidate code', 'Roll number', 'Score', 'Medal', 'Qualified']);
    expect(view.school).toBe('SCH-AAAA22');
  });

  it('says so when there are no rows', () => {
    expect(text(composer.html(schoolResultsReport({ rows: [] })))).toContain('No results.');
  });

  it('escapes every value', () => {
    const html = composer.html(schoolResultsReport({ schoolName: '<script>alert(1)</script>', rows: [resultRow({ name: '"><img src=x onerror=alert(1)>' })] }));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('takes what the senders send (the contract), and refuses a malformed row', () => {
    const report = schoolResultsReport();
    expect(schoolResultsReportSchema.parse(report)).toEqual(report);
    expect(schoolResultsReportSchema.safeParse({ ...report, rows: [{ ...resultRow(), category: 'Senior' }] }).success).toBe(false);
    expect(schoolResultsReportSchema.safeParse({ ...report, schoolCode: 'SCH1"; x' }).success).toBe(false);
  });
});
