import { NotFoundException } from '@nestjs/common';
import { PORTAL_RESULTS_MESSAGES, type CandidateResult, type SchoolResultsReport } from '@kbe/contracts';
import type { CandidateRepository, ResultHandOverState } from '../../candidates/candidate.repository';
import { CandidateDirectory } from '../../candidates/directory/candidate-directory';
import { entry, T0 } from '../../candidates/directory/directory-entry.fixture';
import type { PortalAccounts } from '../portal-accounts';
import type { PortalPrincipal } from '../portal-session';
import { PortalResultsReportUseCase } from './portal-results-report.usecase';

const school = (code: string): PortalPrincipal => ({ role: 'school', code, schoolCode: code, expiresAt: new Date(T0 + 3600_000), tokenHash: 'h' });
const mentor = (code: string, schoolCode: string): PortalPrincipal => ({ role: 'mentor', code, schoolCode, expiresAt: new Date(T0 + 3600_000), tokenHash: 'h' });

const result = (fields: Partial<CandidateResult> = {}): CandidateResult => ({
  level: 'Mains',
  category: 'Sec',
  rollNumber: null,
  score: 50,
  maxMarks: 100,
  absent: false,
  rank: 5,
  medal: null,
  qualified: false,
  nextLevel: null,
  publishedAt: '2027-02-01T05:00:00.000Z',
  ...fields,
});

const RESULTS: Record<string, CandidateResult[]> = {
  KBE000001AAA: [result({ rank: 2, medal: 'silver' }), result({ level: 'Advanced', maxMarks: 150 })],
  KBE000002AAA: [result({ category: 'Prime', absent: true, score: null, rank: null })],
  KBE000003AAA: [result({ rank: 1, medal: 'gold', qualified: true, nextLevel: 'Advanced' })],
  KBE000004AAA: [result()],
  KBE000005BBB: [result()],
};

function setup() {
  const directory = new CandidateDirectory();
  directory.replaceAll(directory.ticket(), [
    entry('KBE000001AAA', { mentorCode: 'MEN-AAAAA2' }),
    entry('KBE000002AAA', { mentorCode: 'MEN-AAAAA2', category: 'Prime', standard: '5th' }),
    entry('KBE000003AAA', { mentorCode: 'MEN-AAAAA3' }),
    entry('KBE000004AAA', { mentorCode: 'MEN-AAAAA3', deletedAt: T0 }),
    entry('KBE000005BBB', { schoolCode: 'SCH-BBBBBB', mentorCode: 'MEN-BBBBB2' }),
  ]);
  const asked: string[][] = [];
  const candidates = {
    resultStates: async (codes: readonly string[]) => {
      asked.push([...codes]);
      return new Map(codes.map((code) => [code, { candidateCode: code, results: RESULTS[code] ?? [] } as unknown as ResultHandOverState]));
    },
  } as unknown as CandidateRepository;
  const sent: SchoolResultsReport[] = [];
  const documents = { schoolResultsPdf: async (report: SchoolResultsReport) => (sent.push(report), Buffer.from('%PDF-')) };
  const accounts = { schoolName: async () => 'Nashik Model School' } as unknown as PortalAccounts;
  const clock = { now: () => new Date('2027-02-10T05:00:00.000Z') };
  return { useCase: new PortalResultsReportUseCase(directory, candidates, accounts, documents, clock), asked, sent };
}

describe("the portal's school report of results", () => {
  it("reads only the scope's live pupils by code, and lists those with a result of the level by category and rank", async () => {
    const { useCase, asked } = setup();
    const rows = await useCase.rows(school('SCH-AAAAAA'), 'Mains');
    expect(asked).toEqual([['KBE000001AAA', 'KBE000002AAA', 'KBE000003AAA']]);
    expect(rows.map((row) => [row.candidateCode, row.category, row.rank, row.standard, row.mentorCode])).toEqual([
      ['KBE000002AAA', 'Prime', null, '5th', 'MEN-AAAAA2'],
      ['KBE000003AAA', 'Sec', 1, '8th', 'MEN-AAAAA3'],
      ['KBE000001AAA', 'Sec', 2, '8th', 'MEN-AAAAA2'],
    ]);
    expect((await useCase.rows(mentor('MEN-AAAAA2', 'SCH-AAAAAA'), 'Advanced')).map((row) => [row.candidateCode, row.maxMarks])).toEqual([['KBE000001AAA', 150]]);
  });

  it('is 404 with the sentence when no pupil in scope has a result of the level', async () => {
    const { useCase } = setup();
    await expect(useCase.rows(mentor('MEN-AAAAA3', 'SCH-AAAAAA'), 'Advanced')).rejects.toThrow(new NotFoundException(PORTAL_RESULTS_MESSAGES.notPublished('Advanced')));
    await expect(useCase.rows(school('SCH-CCCCCC'), 'Mains')).rejects.toBeInstanceOf(NotFoundException);
  });

  it("sends documents-service the school's name, the mentor asking and the rows", async () => {
    const { useCase, sent } = setup();
    await useCase.pdf(mentor('MEN-AAAAA3', 'SCH-AAAAAA'), 'Mains');
    expect(sent).toEqual([
      { schoolCode: 'SCH-AAAAAA', schoolName: 'Nashik Model School', mentorCode: 'MEN-AAAAA3', level: 'Mains', generatedAt: '2027-02-10T05:00:00.000Z', rows: [expect.objectContaining({ candidateCode: 'KBE000003AAA', name: 'Some One', nextLevel: 'Advanced' })] },
    ]);
  });
});
