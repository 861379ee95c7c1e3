import { HttpException } from '@nestjs/common';
import { CONSENT_MESSAGES } from '@kbe/contracts';
import { validCandidate, validGuardian } from '@kbe/contracts/testing';
import type { OtpService } from '@kbe/server-otp';
import type { CandidateRecord, CandidateRepository } from '../../candidates/candidate.repository';
import type { OtpSmsRequester } from '../otp-sms.requester';
import { SendGuardianOtpUseCase } from './send-guardian-otp.usecase';

const now = new Date('2026-11-27T10:00:00+05:30');

function candidate(overrides: Partial<CandidateRecord> = {}): CandidateRecord {
  return { ...(validCandidate() as unknown as CandidateRecord), candidateCode: 'KBE123456ABC', language: 'en', ...overrides };
}

function setup(found: CandidateRecord | null, issue: Awaited<ReturnType<OtpService['issue']>>, deliver: () => Promise<void> = async () => undefined) {
  const otp = { issue: jest.fn(async () => issue), withdraw: jest.fn(async () => undefined), policy: { resendAfterMs: 30_000 } };
  const sms: OtpSmsRequester & { request: jest.Mock } = { request: jest.fn(deliver) };
  const useCase = new SendGuardianOtpUseCase(
    { findByCode: async () => found } as unknown as CandidateRepository,
    otp as unknown as OtpService,
    sms,
    { now: () => now },
  );
  return { useCase, otp, sms };
}

const issued = { kind: 'issued' as const, code: '482913', sentAt: now, expiresAt: new Date(now.getTime() + 600_000), resendAt: new Date(now.getTime() + 30_000), destinationHash: 'h' };

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException) return { status: error.getStatus(), message: (error.getResponse() as { message: string }).message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('sending a consent code', () => {
  it("asks for the SMS to the guardian's mobile and answers it masked", async () => {
    const { useCase, otp, sms } = setup(candidate({ guardianDetails: validGuardian() as CandidateRecord['guardianDetails'] }), issued);
    expect(await useCase.execute('KBE123456ABC')).toEqual({ maskedPhoneNumber: '******5678', expiresAt: '2026-11-27T04:40:00.000Z', resendAfterSeconds: 30 });
    expect(otp.issue).toHaveBeenCalledWith({ purpose: 'parental-consent', subject: 'KBE123456ABC' }, '9876505678');
    expect(sms.request).toHaveBeenCalledWith({ purpose: 'parental-consent', subject: 'KBE123456ABC', phoneNumber: '9876505678', code: '482913', expiresAt: '2026-11-27T04:40:00.000Z', language: 'en' });
  });

  it("asks for the SMS in the candidate's language", async () => {
    const { useCase, sms } = setup(candidate({ language: 'mr' }), issued);
    await useCase.execute('KBE123456ABC');
    expect(sms.request).toHaveBeenCalledWith(expect.objectContaining({ purpose: 'parental-consent', language: 'mr' }));
  });

  it('uses the contact number when no guardian is named', async () => {
    const { useCase, otp } = setup(candidate(), issued);
    expect((await useCase.execute('KBE123456ABC')).maskedPhoneNumber).toBe('******1234');
    expect(otp.issue).toHaveBeenCalledWith(expect.anything(), '9876501234');
  });

  it('takes the code back and answers 503 when the SMS cannot be handed over', async () => {
    const { useCase, otp } = setup(candidate(), issued, async () => Promise.reject(new Error('broker down')));
    expect(await refusal(useCase.execute('KBE123456ABC'))).toEqual({ status: 503, message: CONSENT_MESSAGES.notSent });
    expect(otp.withdraw).toHaveBeenCalledWith({ purpose: 'parental-consent', subject: 'KBE123456ABC' }, issued);
  });

  it('says how long to wait, and until when after five codes a day', async () => {
    const tooSoon = setup(candidate(), { kind: 'too-soon', retryAt: new Date(now.getTime() + 12_500) });
    expect(await refusal(tooSoon.useCase.execute('KBE123456ABC'))).toEqual({ status: 429, message: 'A code was sent a moment ago. Please wait 13 seconds before asking for another one.' });
    const daily = setup(candidate(), { kind: 'daily-limit', retryAt: new Date('2026-11-28T00:00:00+05:30') });
    expect(await refusal(daily.useCase.execute('KBE123456ABC'))).toEqual({
      status: 429,
      message: 'Five codes were sent to this number today, the most allowed in a day. Please try again after midnight (India time), on 28 November 2026.',
    });
    expect(tooSoon.sms.request).not.toHaveBeenCalled();
  });

  it('refuses an unknown candidate with the search answer, and one whose consent is given', async () => {
    expect(await refusal(setup(null, issued).useCase.execute('KBE000000AAA'))).toEqual({ status: 404, message: 'Candidate not found' });
    const given = candidate({ consent: { status: 'given', givenAt: now, noticeVersion: 'v', lang: 'en', method: 'sms-otp', phoneHash: 'h', clientAddress: null } });
    expect(await refusal(setup(given, issued).useCase.execute('KBE123456ABC'))).toEqual({ status: 409, message: CONSENT_MESSAGES.alreadyGiven });
  });
});
