import { ConflictException, NotFoundException } from '@nestjs/common';
import { CORRECTION_MESSAGES, type CandidateRegistration } from '@kbe/contracts';
import { validCandidate } from '@kbe/contracts/testing';
import type { EventPublisher } from '@kbe/server-messaging';
import type { CandidateRecord } from '../../candidates/candidate.repository';
import type { ManageCandidateUseCase } from '../../candidates/usecases/manage-candidate.usecase';
import { MemoryCorrectionRequestStore } from '../correction-request.store.fake';
import { DecideCorrectionUseCase } from './decide-correction.usecase';

const NOW = new Date('2025-11-10T10:00:00+05:30');

function setup(options: { failUpdate?: Error } = {}) {
  const valid = validCandidate();
  let record = { ...valid, candidateCode: 'KBE123456K7Q', schoolCode: 'SCH-7KQ2XM', language: 'en' } as CandidateRecord;
  const updates: CandidateRegistration[] = [];
  const manage = {
    get: async () => record,
    updateRegistration: async (_code: string, registration: CandidateRegistration) => {
      if (options.failUpdate) throw options.failUpdate;
      updates.push(registration);
      record = { ...record, ...registration };
      return record;
    },
  } as unknown as ManageCandidateUseCase;
  const published: { topic: string; payload: unknown; key?: string }[] = [];
  const publisher = { publish: async (topic: string, payload: unknown, opts: { key?: string }) => published.push({ topic, payload, key: opts.key }) } as unknown as EventPublisher;
  const store = new MemoryCorrectionRequestStore();
  const usecase = new DecideCorrectionUseCase(store, manage, publisher, { now: () => NOW });
  const open = async () =>
    (await store.create({
      candidateCode: 'KBE123456K7Q',
      candidateName: valid.personalDetails.fullName,
      schoolCode: 'SCH-7KQ2XM',
      mentorCode: valid.mentorCode,
      requestedBy: { role: 'school', code: 'SCH-7KQ2XM' },
      changes: [{ field: 'personalDetails.fullName', label: 'Full name', from: valid.personalDetails.fullName, to: 'Aarav S. Patil' }],
      note: '',
      requestedAt: NOW,
    })) as { id: string };
  return { usecase, store, updates, published, open };
}

describe('DecideCorrectionUseCase', () => {
  it('approves through the admin edit with the new value, closes the request and announces candidate.corrected (field names only)', async () => {
    const { usecase, updates, published, open } = setup();
    const { id } = await open();
    const view = await usecase.approve(id, { decidedBy: 'chief' });
    expect(view).toMatchObject({ id, status: 'approved', decidedBy: 'chief', decidedAt: NOW.toISOString(), reason: null });
    expect(updates).toHaveLength(1);
    expect(updates[0]?.personalDetails.fullName).toBe('Aarav S. Patil');
    expect(updates[0]?.mentorCode).toBe(validCandidate().mentorCode);
    expect(published).toEqual([
      { topic: 'candidate.corrected', key: 'KBE123456K7Q', payload: { candidateCode: 'KBE123456K7Q', correctionId: id, fields: ['personalDetails.fullName'], correctedAt: NOW.toISOString(), decidedBy: 'chief' } },
    ]);
    expect(JSON.stringify(published)).not.toContain('Aarav S. Patil');
  });

  it('rejects with the reason, changes nothing and sends nothing; a decided request is not decided again', async () => {
    const { usecase, updates, published, open } = setup();
    const { id } = await open();
    expect(await usecase.reject(id, { decidedBy: 'chief', reason: 'The birth certificate says otherwise.' })).toMatchObject({ status: 'rejected', reason: 'The birth certificate says otherwise.' });
    expect(updates).toEqual([]);
    expect(published).toEqual([]);
    await expect(usecase.approve(id, { decidedBy: 'chief' })).rejects.toThrow(CORRECTION_MESSAGES.alreadyDecided);
    await expect(usecase.reject(id, { decidedBy: 'chief', reason: 'again' })).rejects.toBeInstanceOf(ConflictException);
    await expect(usecase.approve('CR999999', { decidedBy: 'chief' })).rejects.toBeInstanceOf(NotFoundException);
  });

  it('keeps the request open when the record cannot be changed (erased meanwhile)', async () => {
    const { usecase, store, published, open } = setup({ failUpdate: new ConflictException('erased') });
    const { id } = await open();
    await expect(usecase.approve(id, { decidedBy: 'chief' })).rejects.toThrow('erased');
    expect((await store.find(id))?.status).toBe('open');
    expect(published).toEqual([]);
  });
});
