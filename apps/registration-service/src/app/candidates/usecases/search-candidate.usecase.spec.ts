import type { CandidateRecord, CandidateRepository } from '../candidate.repository';
import { CandidateSearchCache } from '../candidate-search.cache';
import { SearchCandidateUseCase } from './search-candidate.usecase';

const record = {
  candidateCode: 'KBE123456K7Q',
  personalDetails: { fullName: 'Aarav Patil', fatherName: 'Suresh Patil', motherName: 'Meena Patil' },
  contactDetails: { phoneNumber: '9876541234' },
  hallTicketReleased: true,
  certificateReleased: false,
} as unknown as CandidateRecord;

describe('SearchCandidateUseCase', () => {
  const repository = { findByCode: async (code: string) => (code === record.candidateCode ? record : null) };
  const useCase = new SearchCandidateUseCase(repository as unknown as CandidateRepository, new CandidateSearchCache());

  it('shows the name, father and release flags, masks the phone and never shows the mother\'s name', async () => {
    const result = await useCase.execute('KBE123456K7Q');
    expect(result).toMatchObject({
      candidateCode: 'KBE123456K7Q',
      fullName: 'Aarav Patil',
      fatherName: 'Suresh Patil',
      phoneNumber: '******1234',
      hallTicketReleased: true,
      certificateReleased: false,
    });
    expect(JSON.stringify(result)).not.toMatch(/Meena|mother|9876541234/i);
  });

  it('answers an unknown number with 404 Candidate not found', async () => {
    await expect(useCase.execute('KBE000000AAA')).rejects.toMatchObject({ status: 404, message: 'Candidate not found' });
  });
});
