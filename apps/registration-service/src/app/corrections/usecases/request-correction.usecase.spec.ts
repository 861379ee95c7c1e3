import { ConflictException, NotFoundException } from '@nestjs/common';
import { CORRECTION_MESSAGES, correctionRequestSchema, editionFor, VALIDATION_MESSAGES, type EditionSettings } from '@kbe/contracts';
import { validCandidate } from '@kbe/contracts/testing';
import { RequestValidationError } from '@kbe/server-bootstrap';
import type { CandidateRecord, CandidateRepository } from '../../candidates/candidate.repository';
import { MemoryCorrectionRequestStore } from '../correction-request.store.fake';
import { RequestCorrectionUseCase } from './request-correction.usecase';

const NOW = new Date('2025-11-10T10:00:00+05:30');
const edition: EditionSettings = editionFor({ corrections: { opensAt: '2025-11-01T00:00:00.000+05:30', closesAt: '2025-11-30T23:59:59.999+05:30' } });
const SCHOOL = { role: 'school' as const, code: 'SCH-7KQ2XM', schoolCode: 'SCH-7KQ2XM' };
const OTHER_SCHOOL = { role: 'school' as const, code: 'SCH-8LR3YN', schoolCode: 'SCH-8LR3YN' };

function candidate(code: string, fields: Partial<CandidateRecord> = {}): CandidateRecord {
  const valid = validCandidate();
  return { ...valid, candidateCode: code, schoolCode: 'SCH-7KQ2XM', language: 'en', hallTicketReleased: false, certificateReleased: false, seatNumber: null, center: null, examTime: null, photoKey: 'p', signatureKey: 's', createdAt: NOW, deletedAt: null, ...fields } as CandidateRecord;
}

function setup(records: CandidateRecord[], at = NOW, settings = edition) {
  const store = new MemoryCorrectionRequestStore();
  const candidates = { findByCode: async (code: string) => records.find((record) => record.candidateCode === code) ?? null } as unknown as CandidateRepository;
  const usecase = new RequestCorrectionUseCase(store, candidates, { now: () => at }, settings);
  return { store, usecase };
}

const input = (changes: Record<string, unknown>, candidateCode = 'KBE123456K7Q') => correctionRequestSchema.parse({ candidateCode, changes });

describe('RequestCorrectionUseCase', () => {
  const pupil = candidate('KBE123456K7Q');

  it("stores the fields that change with the values on record beside the new ones, and names who asked", async () => {
    const { usecase } = setup([pupil]);
    const view = await usecase.execute(SCHOOL, input({ 'personalDetails.fullName': 'Aarav S. Patil', 'personalDetails.gender': pupil.personalDetails.gender }));
    expect(view).toMatchObject({
      id: 'CR000001',
      candidateCode: 'KBE123456K7Q',
      candidateName: pupil.personalDetails.fullName,
      status: 'open',
      requestedBy: { role: 'school', code: 'SCH-7KQ2XM' },
      changes: [{ field: 'personalDetails.fullName', label: 'Full name', from: pupil.personalDetails.fullName, to: 'Aarav S. Patil' }],
      decidedBy: null,
      requestedAt: NOW.toISOString(),
    });
  });

  it('answers 404 as for an unknown code for a pupil of another school or of another mentor', async () => {
    const { usecase } = setup([pupil]);
    await expect(usecase.execute(OTHER_SCHOOL, input({ 'personalDetails.fullName': 'X Y' }))).rejects.toBeInstanceOf(NotFoundException);
    await expect(usecase.execute({ role: 'mentor', code: 'MEN-2ABCDE', schoolCode: 'SCH-7KQ2XM' }, input({ 'personalDetails.fullName': 'X Y' }))).rejects.toBeInstanceOf(NotFoundException);
    await expect(usecase.execute(SCHOOL, input({ 'personalDetails.fullName': 'X Y' }, 'KBE999999ZZZ'))).rejects.toBeInstanceOf(NotFoundException);
    const mine = await usecase.execute({ role: 'mentor', code: pupil.mentorCode, schoolCode: 'SCH-7KQ2XM' }, input({ 'personalDetails.fullName': 'X Y' }));
    expect(mine.requestedBy).toEqual({ role: 'mentor', code: pupil.mentorCode });
  });

  it('refuses outside the window with its dates, before looking at the pupil', async () => {
    const { usecase } = setup([pupil], new Date('2025-12-01T00:00:00+05:30'));
    const refused = usecase.execute(OTHER_SCHOOL, input({ 'personalDetails.fullName': 'X Y' }));
    await expect(refused).rejects.toBeInstanceOf(ConflictException);
    await expect(refused).rejects.toThrow('Corrections are accepted from 1st November 2025 to 30th November 2025.');
    const early = setup([pupil], new Date('2025-10-31T23:59:59+05:30'));
    await expect(early.usecase.execute(SCHOOL, input({ 'personalDetails.fullName': 'X Y' }))).rejects.toBeInstanceOf(ConflictException);
  });

  it('refuses a second open request of the same pupil, and nothing that differs from the record', async () => {
    const { usecase } = setup([pupil]);
    await usecase.execute(SCHOOL, input({ 'personalDetails.fullName': 'X Y' }));
    await expect(usecase.execute(SCHOOL, input({ 'permanentAddress.pin': '411001' }))).rejects.toThrow(CORRECTION_MESSAGES.openRequest);
    const other = setup([pupil]);
    const same = other.usecase.execute(SCHOOL, input({ 'personalDetails.fullName': pupil.personalDetails.fullName }));
    await expect(same).rejects.toBeInstanceOf(RequestValidationError);
    await expect(same).rejects.toMatchObject({ errors: [{ field: 'changes', message: CORRECTION_MESSAGES.sameValues }] });
  });

  it('checks the record with the new values by the whole form: a guardian needs a name and a relation', async () => {
    const noGuardian = candidate('KBE123456K7Q', { guardianDetails: undefined });
    const { usecase } = setup([noGuardian]);
    const refused = usecase.execute(SCHOOL, input({ 'guardianDetails.phoneNumber': '9123456780' }));
    await expect(refused).rejects.toMatchObject({ errors: expect.arrayContaining([expect.objectContaining({ field: 'changes.guardianDetails.name' })]) });
    expect(() => input({ 'contactDetails.phoneNumber': '123' })).toThrow(VALIDATION_MESSAGES.phone);
  });
});
