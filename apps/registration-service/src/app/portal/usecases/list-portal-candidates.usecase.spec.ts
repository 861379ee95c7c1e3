import { ForbiddenException } from '@nestjs/common';
import { PORTAL_CSV_COLUMNS, PORTAL_MESSAGES, portalCandidateQuerySchema } from '@kbe/contracts';
import { CandidateDirectory } from '../../candidates/directory/candidate-directory';
import { entry, T0 } from '../../candidates/directory/directory-entry.fixture';
import type { MentorRepository } from '../../mentors/mentor.repository';
import type { PortalPrincipal } from '../portal-session';
import { mentorRecord } from '../testing/portal.fakes';
import { ListPortalCandidatesUseCase } from './list-portal-candidates.usecase';
import { ListPortalMentorsUseCase } from './list-portal-mentors.usecase';

const school = (code: string): PortalPrincipal => ({ role: 'school', code, schoolCode: code, expiresAt: new Date(T0 + 3600_000), tokenHash: 'h' });
const mentor = (code: string, schoolCode: string): PortalPrincipal => ({ role: 'mentor', code, schoolCode, expiresAt: new Date(T0 + 3600_000), tokenHash: 'h' });
const query = (fields: Record<string, string> = {}) => portalCandidateQuerySchema.parse({ sort: 'candidateId', ...fields });

const directory = new CandidateDirectory();
directory.replaceAll(directory.ticket(), [
  entry('KBE000001AAA', { schoolCode: 'SCH-AAAAAA', mentorCode: 'MEN-AAAAA2', feesPaid: true, consent: 'given', hallTicketReleased: true, sheet: { ...entry('x').sheet, fullName: '+Aarav Patil, Jr' } }),
  entry('KBE000002AAA', { schoolCode: 'SCH-AAAAAA', mentorCode: 'MEN-AAAAA2', hasPhoto: false, consent: 'withdrawn' }),
  entry('KBE000003AAA', { schoolCode: 'SCH-AAAAAA', mentorCode: 'MEN-AAAAA3', hasSignature: false, certificateReleased: true }),
  entry('KBE000004AAA', { schoolCode: 'SCH-AAAAAA', mentorCode: 'MEN-AAAAA3', deletedAt: T0 }),
  entry('KBE000005BBB', { schoolCode: 'SCH-BBBBBB', mentorCode: 'MEN-BBBBB2', feesPaid: true }),
]);
const useCase = new ListPortalCandidatesUseCase(directory);
const codes = (principal: PortalPrincipal, fields: Record<string, string> = {}) => useCase.execute(principal, query(fields)).candidates.map((row) => row.candidateCode);

async function csvOf(principal: PortalPrincipal, fields: Record<string, string> = {}): Promise<string[]> {
  let text = '';
  for await (const chunk of useCase.exportCsv(principal, query(fields))) text += chunk;
  return text.replace(/^\uFEFF/, '').trim().split('\r\n');
}

describe("a school's and a mentor's pupils", () => {
  it('a school sees its live pupils of every mentor, a mentor their own, the other school none of them', () => {
    expect(codes(school('SCH-AAAAAA'))).toEqual(['KBE000001AAA', 'KBE000002AAA', 'KBE000003AAA']);
    expect(codes(mentor('MEN-AAAAA2', 'SCH-AAAAAA'))).toEqual(['KBE000001AAA', 'KBE000002AAA']);
    expect(codes(school('SCH-BBBBBB'))).toEqual(['KBE000005BBB']);
    expect(codes(school('SCH-BBBBBB'), { search: 'KBE000001' })).toEqual([]);
  });

  it('a school narrows to one of its mentors; another school’s mentor, or another mentor for a mentor, shows no one', () => {
    expect(codes(school('SCH-AAAAAA'), { mentorCode: 'MEN-AAAAA3' })).toEqual(['KBE000003AAA']);
    expect(codes(school('SCH-AAAAAA'), { mentorCode: 'MEN-BBBBB2' })).toEqual([]);
    expect(codes(mentor('MEN-AAAAA2', 'SCH-AAAAAA'), { mentorCode: 'MEN-AAAAA3' })).toEqual([]);
    expect(codes(mentor('MEN-AAAAA2', 'SCH-AAAAAA'), { mentorCode: 'MEN-AAAAA2' })).toEqual(['KBE000001AAA', 'KBE000002AAA']);
  });

  it('filters as the admin list does, and pages', () => {
    expect(codes(school('SCH-AAAAAA'), { filter: 'paid' })).toEqual(['KBE000001AAA']);
    expect(codes(school('SCH-AAAAAA'), { consent: 'withdrawn' })).toEqual(['KBE000002AAA']);
    expect(codes(school('SCH-AAAAAA'), { certificate: 'released' })).toEqual(['KBE000003AAA']);
    const page = useCase.execute(school('SCH-AAAAAA'), query({ page: '2', limit: '2' }));
    expect(page.candidates.map((row) => row.candidateCode)).toEqual(['KBE000003AAA']);
    expect(page.pagination).toEqual({ current: 2, pages: 2, total: 3 });
  });

  it('answers status rows without contact data, and counts over the whole scope', () => {
    const list = useCase.execute(school('SCH-AAAAAA'), query({ filter: 'paid' }));
    expect(Object.keys(list.candidates[0]).sort()).toEqual([...PORTAL_CSV_COLUMNS].sort());
    expect(list.candidates[0]).toMatchObject({ name: '+Aarav Patil, Jr', consentStatus: 'given', hasPhoto: true, hasSignature: true, hallTicketReleased: true });
    expect(list.counts).toEqual({ candidates: 3, consentGiven: 1, consentPending: 1, consentWithdrawn: 1, feesPaid: 1, missingFiles: 2, hallTicketsReleased: 1, certificatesReleased: 1 });
    expect(useCase.counts(mentor('MEN-BBBBB2', 'SCH-BBBBBB'))).toMatchObject({ candidates: 1, feesPaid: 1, missingFiles: 0 });
  });

  it('exports every match as CSV in the contract columns, formula-safe', async () => {
    const lines = await csvOf(school('SCH-AAAAAA'));
    expect(lines[0]).toBe(PORTAL_CSV_COLUMNS.join(','));
    expect(lines.slice(1).map((line) => line.slice(0, 12))).toEqual(['KBE000001AAA', 'KBE000002AAA', 'KBE000003AAA']);
    expect(lines[1]).toContain(`,"'+Aarav Patil, Jr",`);
    expect(await csvOf(school('SCH-BBBBBB'), { mentorCode: 'MEN-AAAAA2' })).toEqual([PORTAL_CSV_COLUMNS.join(',')]);
    expect(await csvOf(mentor('MEN-AAAAA3', 'SCH-AAAAAA'))).toHaveLength(2);
  });
});

describe("a school's mentors", () => {
  const mentors = { findBySchool: async (code: string) => (code === 'SCH-AAAAAA' ? [mentorRecord('MEN-AAAAA2', { schoolCode: code }), mentorRecord('MEN-AAAAA3', { schoolCode: code, isActive: false, name: 'Ravi Kale', contact: '9000000003' })] : []) } as unknown as MentorRepository;
  const list = new ListPortalMentorsUseCase(mentors, directory);

  it('lists them with their live pupils', async () => {
    expect(await list.execute(school('SCH-AAAAAA'))).toEqual({
      mentors: [
        { mentorCode: 'MEN-AAAAA2', name: 'Anita Deshmukh', phoneNumber: '9988776655', candidates: 2, active: true },
        { mentorCode: 'MEN-AAAAA3', name: 'Ravi Kale', phoneNumber: '9000000003', candidates: 1, active: false },
      ],
    });
  });

  it('refuses a mentor with 403', async () => {
    await expect(list.execute(mentor('MEN-AAAAA2', 'SCH-AAAAAA'))).rejects.toEqual(new ForbiddenException(PORTAL_MESSAGES.schoolsOnly));
  });
});
