import { CandidateDirectory } from '../../candidates/directory/candidate-directory';
import { entry } from '../../candidates/directory/directory-entry.fixture';
import type { MentorRepository } from '../../mentors/mentor.repository';
import type { PortalPrincipal } from '../portal-session';
import { mentorRecord, portalAccountsOf, SCHOOL } from '../testing/portal.fakes';
import { DescribePortalAccountUseCase } from './describe-portal-account.usecase';
import { ListPortalCandidatesUseCase } from './list-portal-candidates.usecase';

const expiresAt = new Date('2026-11-28T05:30:00Z');
const mentors = [mentorRecord('MEN-4HT9PA'), mentorRecord('MEN-4HT9PB', { name: 'Ravi Kale' })];
const directory = new CandidateDirectory();
directory.replaceAll(directory.ticket(), [
  entry('KBE000001AAA', { schoolCode: SCHOOL.schoolCode, mentorCode: 'MEN-4HT9PA', feesPaid: true }),
  entry('KBE000002AAA', { schoolCode: SCHOOL.schoolCode, mentorCode: 'MEN-4HT9PB', hasSignature: false }),
  entry('KBE000003BBB', { schoolCode: 'SCH-OTHERS', mentorCode: 'MEN-OTHERS' }),
]);
const describeAccount = new DescribePortalAccountUseCase(
  portalAccountsOf([SCHOOL], mentors),
  { findBySchool: async (code: string) => mentors.filter((mentor) => mentor.schoolCode === code) } as unknown as MentorRepository,
  new ListPortalCandidatesUseCase(directory),
);
const principal = (role: PortalPrincipal['role'], code: string): PortalPrincipal => ({ role, code, schoolCode: SCHOOL.schoolCode, expiresAt, tokenHash: 'h' });

describe('the signed-in account', () => {
  it('a school: its name, its mentors, the counts of its pupils', async () => {
    expect(await describeAccount.execute(principal('school', SCHOOL.schoolCode))).toEqual({
      role: 'school',
      code: SCHOOL.schoolCode,
      name: SCHOOL.schoolName,
      schoolCode: SCHOOL.schoolCode,
      schoolName: SCHOOL.schoolName,
      mentors: 2,
      counts: { candidates: 2, consentGiven: 0, consentPending: 2, consentWithdrawn: 0, feesPaid: 1, missingFiles: 1, hallTicketsReleased: 0, certificatesReleased: 0 },
      expiresAt: expiresAt.toISOString(),
    });
  });

  it("a mentor: their name, their school's, the counts of their own pupils", async () => {
    expect(await describeAccount.execute(principal('mentor', 'MEN-4HT9PB'))).toMatchObject({
      role: 'mentor',
      name: 'Ravi Kale',
      schoolName: SCHOOL.schoolName,
      mentors: 0,
      counts: { candidates: 1, missingFiles: 1, feesPaid: 0 },
    });
  });
});
