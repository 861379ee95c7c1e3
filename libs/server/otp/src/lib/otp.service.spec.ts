import { DEFAULT_OTP_POLICY, indiaDay, nextIndiaMidnight } from './otp.policy';
import { OtpService, type OtpIssue } from './otp.service';
import type { OtpChallenge, OtpStore } from './otp.store';

/** The store's contract in memory (the Mongo store's is tested against the real server). */
class MemoryOtpStore implements OtpStore {
  readonly challenges = new Map<string, OtpChallenge>();
  readonly sends = new Map<string, number>();

  async find(id: string) {
    const found = this.challenges.get(id);
    return found ? { ...found } : null;
  }
  async put(challenge: OtpChallenge, replacing: Date | null) {
    const current = this.challenges.get(challenge.id);
    if ((current?.sentAt.getTime() ?? null) !== (replacing?.getTime() ?? null)) return false;
    this.challenges.set(challenge.id, { ...challenge });
    return true;
  }
  async takeAttempt(id: string, sentAt: Date, max: number) {
    const current = this.challenges.get(id);
    if (!current || current.sentAt.getTime() !== sentAt.getTime() || current.attempts >= max) return null;
    current.attempts += 1;
    return { ...current };
  }
  async remove(id: string, sentAt: Date) {
    const current = this.challenges.get(id);
    if (!current || current.sentAt.getTime() !== sentAt.getTime()) return false;
    return this.challenges.delete(id);
  }
  async countSend(key: string, max: number) {
    const count = this.sends.get(key) ?? 0;
    if (count >= max) return false;
    this.sends.set(key, count + 1);
    return true;
  }
  async uncountSend(key: string) {
    this.sends.set(key, Math.max(0, (this.sends.get(key) ?? 0) - 1));
  }
}

const consent = (subject: string) => ({ purpose: 'parental-consent', subject });
const PHONE = '9876505678';

function setup(start = '2026-11-27T10:00:00+05:30') {
  const clock = { current: new Date(start), now: () => clock.current };
  const advance = (ms: number) => (clock.current = new Date(clock.current.getTime() + ms));
  const store = new MemoryOtpStore();
  const codes = [482913, 654321, 42, 999999, 100000, 777777, 31337];
  const service = new OtpService(store, { policy: DEFAULT_OTP_POLICY, hashKey: Buffer.from('k'.repeat(32)), clock, random: () => codes.shift() ?? 0 });
  return { clock, advance, store, service };
}

const issued = (result: OtpIssue) => {
  if (result.kind !== 'issued') throw new Error(`expected a code, got ${result.kind}`);
  return result;
};

describe('one-time codes', () => {
  it('makes a 6-digit code valid for 10 minutes and keeps only a keyed hash of it', async () => {
    const { store, service } = setup();
    const code = issued(await service.issue(consent('KBE123456ABC'), PHONE));
    expect(code).toMatchObject({ code: '482913', expiresAt: new Date('2026-11-27T10:10:00+05:30'), resendAt: new Date('2026-11-27T10:00:30+05:30') });
    const stored = store.challenges.get('parental-consent:KBE123456ABC');
    expect(stored).toMatchObject({ attempts: 0, codeHash: expect.stringMatching(/^[0-9a-f]{64}$/), destinationHash: service.hashDestination(PHONE) });
    expect(JSON.stringify(stored)).not.toContain('482913');
    expect(JSON.stringify(stored)).not.toContain(PHONE);
    // pads small numbers to six digits
    const { service: other } = setup();
    await other.issue(consent('A'), PHONE);
    await other.issue(consent('B'), PHONE);
    expect(issued(await other.issue(consent('C'), PHONE)).code).toBe('000042');
  });

  it('accepts the right code once', async () => {
    const { service } = setup();
    await service.issue(consent('KBE123456ABC'), PHONE);
    expect(await service.verify(consent('KBE123456ABC'), ' 482913 ')).toEqual({ kind: 'verified', destinationHash: service.hashDestination(PHONE), sentAt: expect.any(Date) });
    expect(await service.verify(consent('KBE123456ABC'), '482913')).toEqual({ kind: 'none' });
  });

  it('counts every try: four wrong codes leave one, the fifth wrong leaves none, then even the right code is refused', async () => {
    const { service } = setup();
    await service.issue(consent('KBE123456ABC'), PHONE);
    for (const left of [4, 3, 2, 1, 0]) expect(await service.verify(consent('KBE123456ABC'), '000000')).toEqual({ kind: 'wrong', triesLeft: left });
    expect(await service.verify(consent('KBE123456ABC'), '482913')).toEqual({ kind: 'exhausted' });
  });

  it('takes the fifth try for the right code after four wrong ones', async () => {
    const { service } = setup();
    await service.issue(consent('KBE123456ABC'), PHONE);
    for (let i = 0; i < 4; i++) await service.verify(consent('KBE123456ABC'), '111111');
    expect((await service.verify(consent('KBE123456ABC'), '482913')).kind).toBe('verified');
  });

  it('expires a code at 10 minutes', async () => {
    const { service, advance } = setup();
    await service.issue(consent('KBE123456ABC'), PHONE);
    advance(10 * 60_000 - 1);
    expect((await service.verify(consent('KBE123456ABC'), '000000')).kind).toBe('wrong');
    advance(1);
    expect(await service.verify(consent('KBE123456ABC'), '482913')).toEqual({ kind: 'expired' });
  });

  it('sends another code only 30 s after the last; the new code replaces the old one', async () => {
    const { service, advance } = setup();
    await service.issue(consent('KBE123456ABC'), PHONE);
    advance(29_999);
    expect(await service.issue(consent('KBE123456ABC'), PHONE)).toEqual({ kind: 'too-soon', retryAt: new Date('2026-11-27T10:00:30+05:30') });
    advance(1);
    expect(issued(await service.issue(consent('KBE123456ABC'), PHONE)).code).toBe('654321');
    expect(await service.verify(consent('KBE123456ABC'), '482913')).toEqual({ kind: 'wrong', triesLeft: 4 });
    expect((await service.verify(consent('KBE123456ABC'), '654321')).kind).toBe('verified');
  });

  it('sends at most 5 codes a day to one phone, whatever they are for; the count starts again at midnight in India', async () => {
    const { service, advance, clock } = setup('2026-11-27T23:50:00+05:30');
    for (let i = 0; i < 5; i++) issued(await service.issue(consent(`KBE10000${i}ABC`), PHONE));
    expect(await service.issue(consent('KBE100005ABC'), PHONE)).toEqual({ kind: 'daily-limit', retryAt: new Date('2026-11-28T00:00:00+05:30') });
    expect((await service.issue(consent('KBE100005ABC'), '9000000001')).kind).toBe('issued');
    advance(10 * 60_000);
    expect(indiaDay(clock.now())).toBe('2026-11-28');
    expect((await service.issue(consent('KBE100006ABC'), PHONE)).kind).toBe('issued');
  });

  it('takes back a code that could not be delivered: it does not work and does not count for the day', async () => {
    const { service, store } = setup();
    const code = issued(await service.issue(consent('KBE123456ABC'), PHONE));
    await service.withdraw(consent('KBE123456ABC'), code);
    expect(await service.verify(consent('KBE123456ABC'), code.code)).toEqual({ kind: 'none' });
    expect([...store.sends.values()]).toEqual([0]);
    expect((await service.issue(consent('KBE123456ABC'), PHONE)).kind).toBe('issued');
  });

  it('keeps subjects and purposes apart', async () => {
    const { service } = setup();
    await service.issue(consent('KBE123456ABC'), PHONE);
    expect(await service.verify(consent('KBE654321XYZ'), '482913')).toEqual({ kind: 'none' });
    expect(await service.verify({ purpose: 'mentor-sign-in', subject: 'KBE123456ABC' }, '482913')).toEqual({ kind: 'none' });
  });

  it('knows midnight in India', () => {
    expect(nextIndiaMidnight(new Date('2026-11-27T18:29:59Z')).toISOString()).toBe('2026-11-27T18:30:00.000Z');
    expect(nextIndiaMidnight(new Date('2026-11-27T18:30:00Z')).toISOString()).toBe('2026-11-28T18:30:00.000Z');
  });
});
