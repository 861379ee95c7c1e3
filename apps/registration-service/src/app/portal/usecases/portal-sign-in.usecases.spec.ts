import { HttpException } from '@nestjs/common';
import { PORTAL_MESSAGES } from '@kbe/contracts';
import type { OtpSmsRequester } from '../../consent/otp-sms.requester';
import { portalTokenHash } from '../portal-session';
import { MemoryPortalSessionStore, mentorRecord, otpServiceOn, portalAccountsOf, SCHOOL } from '../testing/portal.fakes';
import { EndPortalSessionUseCase } from './end-portal-session.usecase';
import { SendPortalOtpUseCase } from './send-portal-otp.usecase';
import { StartPortalSessionUseCase } from './start-portal-session.usecase';

const T0 = new Date('2026-11-28T10:00:00+05:30');

function setup(deliver: () => Promise<void> = async () => undefined) {
  const clock = { current: T0, now: () => clock.current };
  const accounts = portalAccountsOf([SCHOOL], [mentorRecord('MEN-4HT9PA'), mentorRecord('MEN-XFFAAA', { isActive: false, contact: '9000000001' })]);
  const otp = otpServiceOn(clock);
  const sms: OtpSmsRequester & { request: jest.Mock } = { request: jest.fn(deliver) };
  const sessions = new MemoryPortalSessionStore();
  return {
    clock,
    sms,
    sessions,
    send: new SendPortalOtpUseCase(accounts, otp, sms, clock),
    start: new StartPortalSessionUseCase(accounts, otp, sessions, clock),
    end: new EndPortalSessionUseCase(sessions),
  };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string; errors?: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException) {
      const body = error.getResponse() as { message: string; errors?: unknown };
      return { status: error.getStatus(), message: body.message, ...(body.errors ? { errors: body.errors } : {}) };
    }
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('portal sign-in', () => {
  it("sends a school's code to its registered contact number, in English, and answers the number masked", async () => {
    const { send, sms } = setup();
    expect(await send.execute('SCH-7KQ2XM')).toEqual({
      role: 'school',
      maskedNumber: '******3210',
      expiresAt: '2026-11-28T04:40:00.000Z',
      resendAt: '2026-11-28T04:30:30.000Z',
    });
    expect(sms.request).toHaveBeenCalledWith({ purpose: 'portal-sign-in', subject: 'SCH-7KQ2XM', phoneNumber: '9876543210', code: '482913', expiresAt: '2026-11-28T04:40:00.000Z', language: 'en' });
  });

  it("sends a mentor's code to the mentor's mobile", async () => {
    const { send, sms } = setup();
    expect(await send.execute('MEN-4HT9PA')).toMatchObject({ role: 'mentor', maskedNumber: '******6655' });
    expect(sms.request).toHaveBeenCalledWith(expect.objectContaining({ subject: 'MEN-4HT9PA', phoneNumber: '9988776655' }));
  });

  it('refuses an unknown code (404), an inactive mentor (403), a second code within 30 s (429), and answers 503 when the SMS cannot be handed over', async () => {
    const { send, clock } = setup();
    expect(await refusal(send.execute('SCH-ZZZZZZ'))).toEqual({ status: 404, message: PORTAL_MESSAGES.unknownCode });
    expect(await refusal(send.execute('MEN-ZZZZZZ'))).toEqual({ status: 404, message: PORTAL_MESSAGES.unknownCode });
    expect(await refusal(send.execute('MEN-XFFAAA'))).toEqual({ status: 403, message: PORTAL_MESSAGES.inactiveMentor });
    await send.execute('SCH-7KQ2XM');
    expect(await refusal(send.execute('SCH-7KQ2XM'))).toEqual({ status: 429, message: PORTAL_MESSAGES.tooSoon });
    for (let i = 0; i < 4; i += 1) {
      clock.current = new Date(clock.current.getTime() + 31_000);
      await send.execute('SCH-7KQ2XM');
    }
    clock.current = new Date(clock.current.getTime() + 31_000);
    expect(await refusal(send.execute('SCH-7KQ2XM'))).toEqual({ status: 429, message: PORTAL_MESSAGES.dailyLimit });

    const failing = setup(async () => Promise.reject(new Error('broker down')));
    expect(await refusal(failing.send.execute('SCH-7KQ2XM'))).toEqual({ status: 503, message: PORTAL_MESSAGES.smsUnavailable });
    // the code was taken back: another may be asked at once
    failing.sms.request.mockImplementation(async () => undefined);
    await failing.send.execute('SCH-7KQ2XM');
  });

  it('opens a session with the right code: a random token stored only as its hash, scoped to the code, for 60 minutes', async () => {
    const { send, start, sessions } = setup();
    await send.execute('MEN-4HT9PA');
    const session = await start.execute('MEN-4HT9PA', '482913');
    expect(session).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: '2026-11-28T05:30:00.000Z', role: 'mentor', code: 'MEN-4HT9PA', name: 'Anita Deshmukh' });
    expect([...sessions.sessions.values()]).toEqual([
      { tokenHash: portalTokenHash(session.token), role: 'mentor', code: 'MEN-4HT9PA', schoolCode: 'SCH-7KQ2XM', createdAt: T0, expiresAt: new Date('2026-11-28T05:30:00.000Z') },
    ]);
    expect(JSON.stringify([...sessions.sessions.entries()])).not.toContain(session.token);
  });

  it("refuses a wrong code (400 at otp), a used one and one never asked for (410), an expired one (410), and a school's code for a mentor", async () => {
    const { send, start, clock } = setup();
    expect(await refusal(start.execute('SCH-7KQ2XM', '482913'))).toEqual({ status: 410, message: PORTAL_MESSAGES.otpNone, errors: [{ field: 'otp', message: PORTAL_MESSAGES.otpNone }] });
    await send.execute('SCH-7KQ2XM');
    expect(await refusal(start.execute('MEN-4HT9PA', '482913'))).toMatchObject({ status: 410, message: PORTAL_MESSAGES.otpNone });
    expect(await refusal(start.execute('SCH-7KQ2XM', '000000'))).toEqual({ status: 400, message: PORTAL_MESSAGES.otpWrong, errors: [{ field: 'otp', message: PORTAL_MESSAGES.otpWrong }] });
    await start.execute('SCH-7KQ2XM', '482913');
    expect(await refusal(start.execute('SCH-7KQ2XM', '482913'))).toMatchObject({ status: 410, message: PORTAL_MESSAGES.otpNone });

    clock.current = new Date(clock.current.getTime() + 31_000);
    await send.execute('SCH-7KQ2XM');
    clock.current = new Date(clock.current.getTime() + 600_000);
    expect(await refusal(start.execute('SCH-7KQ2XM', '482914'))).toMatchObject({ status: 410, message: PORTAL_MESSAGES.otpExpired });
  });

  it('refuses every try after five wrong ones, the right code too', async () => {
    const { send, start } = setup();
    await send.execute('SCH-7KQ2XM');
    for (let i = 0; i < 5; i += 1) expect((await refusal(start.execute('SCH-7KQ2XM', '000000'))).status).toBe(400);
    expect(await refusal(start.execute('SCH-7KQ2XM', '482913'))).toMatchObject({ status: 400, message: PORTAL_MESSAGES.otpExhausted });
  });

  it('logout deletes the session', async () => {
    const { send, start, end, sessions } = setup();
    await send.execute('SCH-7KQ2XM');
    const session = await start.execute('SCH-7KQ2XM', '482913');
    const tokenHash = portalTokenHash(session.token);
    await end.execute({ role: 'school', code: 'SCH-7KQ2XM', schoolCode: 'SCH-7KQ2XM', expiresAt: new Date(session.expiresAt), tokenHash });
    expect(sessions.sessions.size).toBe(0);
  });
});
