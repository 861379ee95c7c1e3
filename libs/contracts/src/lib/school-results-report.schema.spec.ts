import { EXAM_LEVELS } from './exams.schema';
import { PORTAL_RESULTS_MESSAGES, REPORT_LEVELS, schoolResultsFileName } from './school-results-report.contract';
import { portalResultsReportQuerySchema } from './school-results-report.schema';

describe('the school report of results', () => {
  it('offers the levels EXAM_LEVELS names, in their order', () => {
    expect(REPORT_LEVELS).toEqual(EXAM_LEVELS);
  });

  it('names its files by school (or mentor), level and kind', () => {
    expect(schoolResultsFileName('SCH-AB2CDE', 'Mains', 'csv')).toBe('SCH-AB2CDE_Mains_results.csv');
    expect(schoolResultsFileName('MEN-AB2CDE', 'Super Advanced', 'pdf')).toBe('MEN-AB2CDE_Super-Advanced_results.pdf');
  });

  it("takes the portal's ?level=, and says what is wrong otherwise", () => {
    expect(portalResultsReportQuerySchema.parse({ level: 'Super Advanced' })).toEqual({ level: 'Super Advanced' });
    const messages = (query: unknown) => (portalResultsReportQuerySchema.safeParse(query).error?.issues ?? []).map((issue) => issue.message);
    expect(messages({})).toEqual([PORTAL_RESULTS_MESSAGES.levelRequired]);
    expect(messages({ level: 'mains' })).toEqual([PORTAL_RESULTS_MESSAGES.levelRequired]);
    expect(messages({ level: 'Mains', school: 'SCH-AB2CDE' })).toEqual(['Unknown query parameter: school']);
  });
});
