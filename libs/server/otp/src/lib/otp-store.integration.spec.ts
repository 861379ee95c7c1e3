import { isolatedInfraEnv } from '@kbe/server-testing';
import mongoose, { type Connection } from 'mongoose';
import { MongoOtpStore, OtpChallengeDocument, OtpChallengeSchema, OtpSendCountDocument, OtpSendCountSchema } from './mongo.otp-store';
import { DEFAULT_OTP_POLICY } from './otp.policy';
import { OtpService } from './otp.service';

/** The codes' store on the MongoDB-wire server: exact tries and sends under concurrent requests. */
describe('MongoOtpStore against the MongoDB-wire server', () => {
  const env = isolatedInfraEnv();
  let connection: Connection;
  let store: MongoOtpStore;
  const clock = { current: new Date('2026-11-27T10:00:00+05:30'), now: () => clock.current };
  const subject = (code: string) => ({ purpose: 'parental-consent', subject: code });

  beforeAll(async () => {
    connection = await mongoose.createConnection(env['MONGODB_URI'] ?? '', { dbName: `${env.MONGODB_DB_PREFIX}-otp` }).asPromise();
    store = new MongoOtpStore(
      connection.model<OtpChallengeDocument>(OtpChallengeDocument.name, OtpChallengeSchema as never),
      connection.model<OtpSendCountDocument>(OtpSendCountDocument.name, OtpSendCountSchema as never),
    );
  });

  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('lets 20 concurrent guesses take only the 5 tries of a code, and never shows the code', async () => {
    const service = new OtpService(store, { policy: DEFAULT_OTP_POLICY, hashKey: Buffer.from('k'.repeat(32)), clock, random: () => 482913 });
    expect((await service.issue(subject('KBE100001ABC'), '9876505678')).kind).toBe('issued');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => service.verify(subject('KBE100001ABC'), String(100000 + i))));
    expect(answers.filter((answer) => answer.kind === 'wrong')).toHaveLength(5);
    expect(answers.filter((answer) => answer.kind === 'exhausted')).toHaveLength(15);
    expect(await service.verify(subject('KBE100001ABC'), '482913')).toEqual({ kind: 'exhausted' });
    const stored = await connection.collection('otp_challenges').findOne({ _id: 'parental-consent:KBE100001ABC' as never });
    expect(stored).toMatchObject({ attempts: 5 });
    expect(JSON.stringify(stored)).not.toMatch(/482913|9876505678/);
  });

  it('uses a right code once, whatever the number of concurrent confirmations', async () => {
    const service = new OtpService(store, { policy: DEFAULT_OTP_POLICY, hashKey: Buffer.from('k'.repeat(32)), clock, random: () => 271828 });
    expect((await service.issue(subject('KBE100002ABC'), '9876505679')).kind).toBe('issued');
    const answers = await Promise.all(Array.from({ length: 4 }, () => service.verify(subject('KBE100002ABC'), '271828')));
    expect(answers.filter((answer) => answer.kind === 'verified')).toHaveLength(1);
  });

  it('counts exactly 5 sends a day per key under 12 concurrent sends, and takes one back', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => store.countSend('hash-of-a-phone:2026-11-27', 5)));
    expect(results.filter(Boolean)).toHaveLength(5);
    await store.uncountSend('hash-of-a-phone:2026-11-27');
    expect(await store.countSend('hash-of-a-phone:2026-11-27', 5)).toBe(true);
    expect(await store.countSend('hash-of-a-phone:2026-11-27', 5)).toBe(false);
    expect(await store.countSend('hash-of-a-phone:2026-11-28', 5)).toBe(true);
  });

  it('stores one new code of a subject when two sends meet', async () => {
    const sentAt = new Date('2026-11-27T04:30:00Z');
    const challenge = { id: 'parental-consent:KBE100003ABC', codeHash: 'a', attempts: 0, sentAt, expiresAt: new Date(sentAt.getTime() + 600_000), destinationHash: 'd' };
    const firsts = await Promise.all([store.put(challenge, null), store.put({ ...challenge, codeHash: 'b' }, null)]);
    expect(firsts.sort()).toEqual([false, true]);
    const later = new Date(sentAt.getTime() + 30_000);
    const replaced = await Promise.all([store.put({ ...challenge, sentAt: later, codeHash: 'c' }, sentAt), store.put({ ...challenge, sentAt: later, codeHash: 'd' }, sentAt)]);
    expect(replaced.sort()).toEqual([false, true]);
    expect(await store.remove(challenge.id, sentAt)).toBe(false);
    expect(await store.remove(challenge.id, later)).toBe(true);
  });
});
