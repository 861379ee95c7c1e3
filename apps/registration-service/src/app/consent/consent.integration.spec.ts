import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { CONSENT_API_PATHS, CONSENT_MESSAGES } from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { freePort, isolatedInfraEnv } from '@kbe/server-testing';
import type { Connection } from 'mongoose';
import request from 'supertest';
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { ServiceProcess } from '../../../../notifications-service/src/testing/service-process';
import { AppModule } from '../app.module';
import { registrationEnvSchema, SERVICE_NAME } from '../registration.config';
import { CONSENT_NOTICE_VERSION } from './notice/consent-notice';
import { smsCodeIn, startNotifications, storedCandidate } from './testing/guardian-sms.fixture';

/** The suite's clock, near the real time (notifications-service drops a code past its expiry by its own clock). */
const clock = { current: new Date(), now: () => clock.current };
const advance = (ms: number) => (clock.current = new Date(clock.current.getTime() + ms));

const env = isolatedInfraEnv({ TRUSTED_PROXY_HOPS: '1', CONTACT_EMAIL: 'privacy@kbe.example.org', OUTBOX_RELAY_INTERVAL_MS: '200' });
const config = loadConfig(registrationEnvSchema, env);

describe('parental consent against the real servers (registration-service, notifications-service, FerretDB, Kafka)', () => {
  let app: INestApplication;
  let http: ReturnType<typeof request>;
  let notifications: ServiceProcess;
  let connection: Connection;

  /** The code of the latest consent SMS to `candidateCode` in notifications-service's console log, after `seen` of them. */
  async function smsCode(candidateCode: string, seen = 0): Promise<{ code: string; line: string }> {
    const pattern = new RegExp(`SMS to (\\*{6}\\d{4}) \\([^)]*consent-otp\\): KBE Young Scientist: (\\d{6}) is the code to give parental consent for candidate ${candidateCode}\\.[^"]*`, 'g');
    const { code, line } = await smsCodeIn(notifications, pattern, `the consent SMS for ${candidateCode}`, seen, 2);
    return { code, line };
  }

  const sendOtp = (code: string, from = '203.0.113.9') => http.post(CONSENT_API_PATHS.sendOtp(code)).set('x-forwarded-for', from);
  const confirm = (code: string, body: Record<string, unknown>, from = '203.0.113.9') =>
    http.post(CONSENT_API_PATHS.confirm(code)).set('x-forwarded-for', from).send({ noticeVersion: CONSENT_NOTICE_VERSION, lang: 'en', declaration: true, ...body });
  const candidates = () => connection.collection<{ _id: string; consent?: unknown }>('candidates');

  beforeAll(async () => {
    const port = await freePort();
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config, { clock }), config });
    await app.listen(port, '127.0.0.1');
    http = request(app.getHttpServer());
    connection = app.get<Connection>(getConnectionToken());
    await candidates().insertMany([
      storedCandidate('KBE100001CON', '9876500001', '9123400001'),
      storedCandidate('KBE100002CON', '9876500002'),
      storedCandidate('KBE100003CON', '9876500003', '9123400003'),
      storedCandidate('KBE100004CON', '9876500004', '9123400004'),
      storedCandidate('KBE100011MAR', '9876500011', '9123400011', { language: 'mr' }),
      ...[5, 6, 7, 8, 9, 10].map((n) => storedCandidate(`KBE1000${String(n).padStart(2, '0')}LIM`, `98765000${String(n).padStart(2, '0')}`, '9123400099')),
    ]);
    notifications = await startNotifications(env, port);
  }, 180_000);

  afterAll(async () => {
    await notifications?.stop();
    await connection?.dropDatabase();
    await app?.close();
  });

  describe('the notice', () => {
    it('answers the current version in English, Marathi and Hindi, naming the contact to withdraw and complain', async () => {
      const english = await http.get(CONSENT_API_PATHS.notice).expect(200);
      expect(english.body).toEqual({ version: CONSENT_NOTICE_VERSION, lang: 'en', html: expect.stringContaining('<article lang="en">') });
      expect(english.body.html).toContain('How to withdraw consent');
      expect(english.body.html).toContain('privacy@kbe.example.org');
      expect(english.body.html).toContain('Data Protection Board of India');
      const marathi = await http.get(CONSENT_API_PATHS.notice).query({ lang: 'mr' }).expect(200);
      expect(marathi.body).toMatchObject({ version: CONSENT_NOTICE_VERSION, lang: 'mr' });
      expect(marathi.body.html).toContain('संमती कशी मागे घ्यावी');
      const hindi = await http.get(CONSENT_API_PATHS.notice).query({ lang: 'hi' }).expect(200);
      expect(hindi.body.html).toContain('सहमति कैसे वापस लें');
    });

    it('refuses an unknown language with a clear 400', async () => {
      const response = await http.get(CONSENT_API_PATHS.notice).query({ lang: 'fr' }).expect(400);
      expect(response.body).toEqual({ statusCode: 400, message: expect.stringContaining('lang must be en, mr or hi'), errors: [{ field: 'lang', message: 'lang must be en, mr or hi', key: 'consent.language' }] });
    });
  });

  describe('consent by a code sent to the guardian', () => {
    it("sends the code by SMS through notifications-service to the guardian's mobile, masked in the answer", async () => {
      const sent = await sendOtp('kbe100001con').expect(200);
      expect(sent.body).toEqual({
        success: true,
        message: CONSENT_MESSAGES.otpSent,
        data: { maskedPhoneNumber: '******0001', expiresAt: new Date(clock.now().getTime() + 600_000).toISOString(), resendAfterSeconds: 30 },
      });
      const sms = await smsCode('KBE100001CON');
      // to the guardian's number (the console provider masks it too), with the consent page's link
      expect(sms.line).toContain('SMS to ******0001');
      expect(sms.line).toContain('kbe.example.org/einstein-quest/parental-consent/KBE100001CON');
      // the code is kept nowhere in registration-service's store
      const stored = await connection.collection('otp_challenges').findOne({ _id: 'parental-consent:KBE100001CON' as never });
      expect(stored).toMatchObject({ attempts: 0 });
      expect(JSON.stringify(stored)).not.toContain(sms.code);
      expect(JSON.stringify(await connection.collection('outbox').find({}).toArray())).not.toContain(sms.code);
    });

    it('refuses a confirmation without the declaration, then a wrong code with the tries left, and keeps what it refused out of the record', async () => {
      const { code } = await smsCode('KBE100001CON');
      const noDeclaration = await confirm('KBE100001CON', { otp: code, declaration: false }).expect(400);
      expect(noDeclaration.body.errors).toEqual([{ field: 'declaration', message: CONSENT_MESSAGES.declaration, key: 'consent.declaration' }]);
      const wrong = await confirm('KBE100001CON', { otp: code === '000000' ? '000001' : '000000' }).expect(400);
      expect(wrong.body).toEqual({ statusCode: 400, message: 'The code is not correct. 4 tries left.', errors: [{ field: 'otp', message: 'The code is not correct. 4 tries left.', key: 'consent.wrongOtpTriesLeft', values: { tries: 4 } }] });
      const outdated = await confirm('KBE100001CON', { otp: code, noticeVersion: '2020-01-01' }).expect(409);
      expect(outdated.body.message).toBe(CONSENT_MESSAGES.noticeOutdated);
      expect(await candidates().findOne({ _id: 'KBE100001CON' })).not.toHaveProperty('consent');
    });

    it('records the consent with time, notice version and language, method, a hash of the number and the address, never the code', async () => {
      const { code } = await smsCode('KBE100001CON');
      const given = await confirm('KBE100001CON', { otp: code, lang: 'mr' }, '198.51.100.23').expect(200);
      expect(given.body).toEqual({
        success: true,
        message: CONSENT_MESSAGES.given,
        data: { candidateCode: 'KBE100001CON', status: 'given', givenAt: clock.now().toISOString(), noticeVersion: CONSENT_NOTICE_VERSION },
      });
      const stored = await candidates().findOne({ _id: 'KBE100001CON' });
      expect(stored).toMatchObject({
        consentStatus: 'given',
        consent: {
          status: 'given',
          givenAt: clock.now(),
          noticeVersion: CONSENT_NOTICE_VERSION,
          lang: 'mr',
          method: 'sms-otp',
          phoneHash: expect.stringMatching(/^[0-9a-f]{64}$/),
          clientAddress: '198.51.100.23',
        },
      });
      expect(JSON.stringify(stored?.['consent'])).not.toMatch(new RegExp(`${code}|9123400001`));
      // used once: the code is gone, a second confirmation and a new code are refused
      expect(await connection.collection('otp_challenges').findOne({ _id: 'parental-consent:KBE100001CON' as never })).toBeNull();
      expect((await confirm('KBE100001CON', { otp: code }).expect(409)).body.message).toBe(CONSENT_MESSAGES.alreadyGiven);
      expect((await sendOtp('KBE100001CON').expect(409)).body.message).toBe(CONSENT_MESSAGES.alreadyGiven);
    });

    it('sends the code to the contact number when the registration named no guardian', async () => {
      const sent = await sendOtp('KBE100002CON').expect(200);
      expect(sent.body.data.maskedPhoneNumber).toBe('******0002');
      expect((await smsCode('KBE100002CON')).line).toContain('SMS to ******0002');
    });

    it("words the code in the candidate's language: a Marathi candidate's guardian gets it in Marathi", async () => {
      await sendOtp('KBE100011MAR').expect(200);
      const pattern = /SMS to (\*{6}0011) \([^)]*consent-otp\.mr\): KBE Young Scientist: विद्यार्थी KBE100011MAR साठी पालकांची संमती देण्याचा कोड (\d{6}) आहे\.[^"\n]*/g;
      const sms = await smsCodeIn(notifications, pattern, 'the Marathi consent SMS for KBE100011MAR', 0, 2);
      expect(sms.code).toMatch(/^\d{6}$/);
      expect(sms.line).toContain('१० मिनिटे वैध; कोणालाही सांगू नका. सूचना: kbe.example.org/mr/einstein-quest/parental-consent/KBE100011MAR');
    });

    it('counts the tries: after five wrong codes even the right one is refused', async () => {
      await sendOtp('KBE100003CON').expect(200);
      const { code } = await smsCode('KBE100003CON');
      const wrongCode = code === '111111' ? '222222' : '111111';
      const messages = [];
      for (let i = 0; i < 5; i++) messages.push((await confirm('KBE100003CON', { otp: wrongCode }).expect(400)).body.message);
      expect(messages).toEqual([
        'The code is not correct. 4 tries left.',
        'The code is not correct. 3 tries left.',
        'The code is not correct. 2 tries left.',
        'The code is not correct. 1 try left.',
        `The code is not correct. ${CONSENT_MESSAGES.noTriesLeft}`,
      ]);
      expect((await confirm('KBE100003CON', { otp: code }).expect(400)).body.message).toBe(CONSENT_MESSAGES.noTriesLeft);
    });

    it('lets a code expire after 10 minutes, and another be asked for only 30 s after the last, with Retry-After', async () => {
      await sendOtp('KBE100004CON').expect(200);
      const { code } = await smsCode('KBE100004CON');
      advance(10_000);
      const tooSoon = await sendOtp('KBE100004CON').expect(429);
      expect(tooSoon.headers['retry-after']).toBe('20');
      expect(tooSoon.body).toEqual({ statusCode: 429, message: 'A code was sent a moment ago. Please wait 20 seconds before asking for another one.' });
      advance(10 * 60_000);
      const expired = await confirm('KBE100004CON', { otp: code }).expect(410);
      expect(expired.body.message).toBe(CONSENT_MESSAGES.expired);
      // a new code works
      await sendOtp('KBE100004CON').expect(200);
      const fresh = await smsCode('KBE100004CON', 1);
      await confirm('KBE100004CON', { otp: fresh.code }).expect(200);
    });

    it('sends at most 5 codes a day to one number, saying when to try again', async () => {
      // six candidates whose registrations name the same guardian's mobile
      for (const n of ['05', '06', '07', '08', '09']) await sendOtp(`KBE1000${n}LIM`).expect(200);
      const limited = await sendOtp('KBE100010LIM').expect(429);
      expect(limited.body.message).toMatch(/^Five codes were sent to this number today, the most allowed in a day\. Please try again after midnight \(India time\), on \d{1,2} \w+ \d{4}\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
    });

    it("answers an unknown candidate like the public search, and a malformed code with 400", async () => {
      const unknown = await sendOtp('KBE999999ZZZ').expect(404);
      expect(unknown.body).toEqual({ statusCode: 404, message: 'Candidate not found' });
      expect((await confirm('KBE999999ZZZ', { otp: '123456' }).expect(404)).body).toEqual({ statusCode: 404, message: 'Candidate not found' });
      await sendOtp('KBE<script>').expect(400);
      const badOtp = await confirm('KBE100002CON', { otp: '12a' }).expect(400);
      expect(badOtp.body.errors).toEqual([{ field: 'otp', message: CONSENT_MESSAGES.otpFormat, key: 'consent.otpFormat' }]);
    });

    it('documents the routes in the OpenAPI document with their answers', async () => {
      const doc = await http.get('/api/docs/registration-service.json').expect(200);
      const notice = doc.body.paths['/api/consent/notice']['get'];
      expect(notice.parameters).toEqual([expect.objectContaining({ name: 'lang', in: 'query', required: false, schema: expect.objectContaining({ enum: ['en', 'mr', 'hi'] }) })]);
      expect(Object.keys(notice.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
      const otp = doc.body.paths['/api/consent/{candidateCode}/otp']['post'];
      expect(otp.security).toEqual([]);
      expect(Object.keys(otp.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409', '429', '503']));
      const confirmation = doc.body.paths['/api/consent/{candidateCode}/confirm']['post'];
      expect(Object.keys(confirmation.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409', '410', '429']));
      expect(confirmation.requestBody.content['application/json'].schema).toMatchObject({ required: ['otp', 'noticeVersion', 'lang', 'declaration'], properties: { declaration: { const: true } } });
    });
  });
});
