import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { toBracketedFields, type BracketableObject } from '@kbe/contracts';
import { validCandidate, validGuardian, validMentor, validSchool } from '@kbe/contracts/testing';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { adminTokenFor, infraControl, isolatedInfraEnv, TestBucket, waitFor } from '@kbe/server-testing';
import { Kafka, logLevel } from 'kafkajs';
import type { Connection } from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { AppModule } from './app.module';
import { RegistrationEventPublisher } from './common/registration-event.publisher';
import { CONSENT_NOTICE_VERSION } from './consent/notice/consent-notice';
import { registrationEnvSchema, SERVICE_NAME } from './registration.config';

/** A clock the suite moves by hand (the app gets it through AppModule.forRoot, never from env). */
const clock = { current: new Date('2025-10-01T10:00:00+05:30'), now: () => clock.current };

const env = isolatedInfraEnv({
  RATE_LIMIT_REGISTER: '200',
  RATE_LIMIT_SEARCH: '5',
  RATE_LIMIT_WINDOW_SECONDS: '60',
  TRUSTED_PROXY_HOPS: '1',
  OUTBOX_RELAY_INTERVAL_MS: '200',
});
const config = loadConfig(registrationEnvSchema, env);

// The valid payloads of @kbe/contracts/testing, with the fields each test varies.
const school = (udiseCode: string) => ({ ...validSchool(), udiseCode });

const mentor = (schoolCode: string, contact = '9988776655') => ({ ...validMentor(), schoolCode, contact });

const candidate = (mentorCode: string, fullName: string, phoneNumber = '9876501234') => {
  const valid = validCandidate();
  return {
    ...valid,
    mentorCode,
    personalDetails: { ...valid.personalDetails, fullName },
    contactDetails: { ...valid.contactDetails, phoneNumber },
  };
};

type Upload = { bytes: Buffer; filename: string; contentType: string };

describe('registration-service registrations against FerretDB, Kafka and MinIO', () => {
  let app: INestApplication;
  let http: ReturnType<typeof request>;
  let adminToken: string;
  let jpeg: Upload;
  let png: Upload;
  const kafka = new Kafka({ clientId: 'registration-it', brokers: config.KAFKA_BROKERS, logLevel: logLevel.NOTHING });
  const bucket = new TestBucket(config, `${config.MINIO_BUCKET_PREFIX}candidate-documents`);
  const internal = { 'x-internal-token': config.INTERNAL_API_TOKEN };

  /** Reads a topic from its beginning with a fresh consumer group until `match` finds a message. */
  async function eventOn(topic: string, match: (envelope: { id: string; payload: Record<string, unknown> }) => boolean) {
    const consumer = kafka.consumer({ groupId: `${config.KAFKA_TOPIC_PREFIX}reader-${Math.random().toString(36).slice(2)}` });
    const seen: Array<{ id: string; payload: Record<string, unknown>; header: string }> = [];
    try {
      const admin = kafka.admin();
      await admin.connect();
      await admin.createTopics({ topics: [{ topic: `${config.KAFKA_TOPIC_PREFIX}${topic}` }], waitForLeaders: true }).catch(() => false);
      await admin.disconnect();
      await consumer.connect();
      await consumer.subscribe({ topic: `${config.KAFKA_TOPIC_PREFIX}${topic}`, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          const envelope = JSON.parse(message.value?.toString() ?? '{}');
          seen.push({ ...envelope, header: message.headers?.['event-id']?.toString() ?? '' });
        },
      });
      return await waitFor(() => seen.find(match), { timeoutMs: 60_000, what: `an event on ${topic}` });
    } finally {
      await consumer.disconnect().catch(() => undefined);
    }
  }

  function submitCandidate(fields: object, files: { photo?: Upload; signature?: Upload }, key?: string) {
    let req = http.post('/api/candidates/register');
    if (key) req = req.set('Idempotency-Key', key);
    for (const [name, value] of Object.entries(toBracketedFields(fields as BracketableObject))) req = req.field(name, value);
    for (const [name, file] of Object.entries(files)) {
      if (file) req = req.attach(name, file.bytes, { filename: file.filename, contentType: file.contentType });
    }
    return req;
  }

  beforeAll(async () => {
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config, { clock }), config });
    await app.init();
    http = request(app.getHttpServer());
    adminToken = adminTokenFor(env);
    const withExif = await sharp({ create: { width: 80, height: 100, channels: 3, background: '#336699' } })
      .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
      .jpeg()
      .toBuffer();
    jpeg = { bytes: withExif, filename: 'photo.jpg', contentType: 'image/jpeg' };
    png = {
      bytes: await sharp({ create: { width: 120, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.2 } } })
        .png()
        .toBuffer(),
      filename: 'signature.png',
      contentType: 'image/png',
    };
  }, 120_000);

  afterAll(async () => {
    await app?.get<Connection>(getConnectionToken()).dropDatabase();
    await app?.close();
    await bucket.remove();
  });

  describe('the chain school -> mentor -> candidate', () => {
    let schoolCode: string;
    let mentorCode: string;
    let candidateCode: string;

    it('issues a school code at the top level and under data, and announces it on Kafka', async () => {
      const response = await http.post('/api/schools/register').set('Idempotency-Key', 'school-1').send(school('27201234567')).expect(201);
      expect(response.body).toEqual({
        success: true,
        message: 'School registration completed successfully',
        schoolCode: expect.stringMatching(/^SCH-[A-HJ-NP-Z2-9]{6}$/),
        data: { schoolCode: response.body.schoolCode, schoolName: 'Nashik Model School' },
      });
      schoolCode = response.body.schoolCode;

      const event = await eventOn('school.registered', (e) => e.payload['schoolCode'] === schoolCode);
      expect(event).toMatchObject({ payload: { schoolCode, schoolName: 'Nashik Model School', city: 'Nashik', contact: '9876543210' } });
      expect(event.header).toBe(event.id);
    });

    it('answers a retried school submit with the first code, and a second school with the same UDISE with 409', async () => {
      const retry = await http.post('/api/schools/register').set('Idempotency-Key', 'school-1').send(school('27201234567')).expect(200);
      expect(retry.body.schoolCode).toBe(schoolCode);
      const second = await http.post('/api/schools/register').send(school(' 27201234567 ')).expect(409);
      expect(second.body).toEqual({ statusCode: 409, message: 'A school with this UDISE code is already registered' });
    });

    it('lets anyone look a school up by code (code, name and city only)', async () => {
      const response = await http.get('/api/schools').query({ code: schoolCode.toLowerCase() }).expect(200);
      expect(response.body.data).toEqual([{ code: schoolCode, name: 'Nashik Model School', city: 'Nashik' }]);
      const full = await http.get('/api/schools').set('authorization', `Bearer ${adminToken}`).query({ code: schoolCode }).expect(200);
      expect(full.body.data[0]).toMatchObject({ schoolCode, udiseCode: '27201234567', principal: { name: 'S. Kulkarni' } });
      await http.get('/api/schools').set('authorization', 'Bearer forged').expect(401);
    });

    it('refuses a mentor of an unknown school with a clear message', async () => {
      const response = await http.post('/api/mentors/register').send(mentor('SCH-ZZZZZZ')).expect(422);
      expect(response.body).toEqual({
        statusCode: 422,
        message: 'School Code not found',
        errors: [{ field: 'schoolCode', message: 'School Code not found' }],
      });
    });

    it('issues a mentor code, the same one for the same mentor submitted again, and announces it', async () => {
      const response = await http.post('/api/mentors/register').send(mentor(schoolCode)).expect(201);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Mentor registration completed successfully',
        mentorCode: expect.stringMatching(/^MEN-[A-HJ-NP-Z2-9]{6}$/),
        data: { mentorCode: response.body.mentorCode, schoolCode },
      });
      mentorCode = response.body.mentorCode;
      const again = await http.post('/api/mentors/register').send({ ...mentor(schoolCode), name: ' anita  DESHMUKH ' }).expect(200);
      expect(again.body.mentorCode).toBe(mentorCode);
      await eventOn('mentor.registered', (e) => e.payload['mentorCode'] === mentorCode);
    });

    it('registers a candidate from multipart with real images, stores them as metadata-free JPEGs, and announces it', async () => {
      const response = await submitCandidate(candidate(mentorCode, 'Aarav Patil'), { photo: jpeg, signature: png }, 'cand-1').expect(201);
      candidateCode = response.body.candidateCode;
      expect(response.body).toEqual({
        success: true,
        message: 'Candidate registration completed successfully',
        candidateCode: expect.stringMatching(/^KBE\d{6}[A-HJ-NP-Z2-9]{3}$/),
        candidateId: candidateCode,
        data: { candidateCode, candidateId: candidateCode, fullName: 'Aarav Patil', mentorCode },
      });

      const photo = await http.get(`/internal/candidates/${candidateCode}/files/photo`).set(internal).buffer(true).expect(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      const photoMeta = await sharp(photo.body as Buffer).metadata();
      expect(photoMeta).toMatchObject({ format: 'jpeg', width: 80, height: 100 });
      expect(photoMeta.exif).toBeUndefined();
      expect((photo.body as Buffer).includes(Buffer.from('secret-exif-marker'))).toBe(false);
      const signature = await http.get(`/internal/candidates/${candidateCode}/files/signature`).set(internal).buffer(true).expect(200);
      expect((await sharp(signature.body as Buffer).metadata()).format).toBe('jpeg');

      const event = await eventOn('candidate.registered', (e) => e.payload['candidateCode'] === candidateCode);
      expect(event.payload).toEqual({
        candidateCode,
        mentorCode,
        fullName: 'Aarav Patil',
        phoneNumber: '9876501234',
        kbeCategory: 'Sec',
        feesPaid: false,
        language: 'en',
      });
    });

    it('answers a retried candidate submit (same key, or same details) with the first code and stores no second candidate', async () => {
      const before = await bucket.objectNames();
      const sameKey = await submitCandidate(candidate(mentorCode, 'Aarav Patil'), { photo: jpeg, signature: png }, 'cand-1').expect(200);
      expect(sameKey.body.candidateCode).toBe(candidateCode);
      const sameDetails = await submitCandidate(candidate(mentorCode, '  AARAV patil '), { photo: jpeg, signature: png }, 'cand-2').expect(200);
      expect(sameDetails.body.candidateCode).toBe(candidateCode);
      expect(await bucket.objectNames()).toEqual(before);
      const list = await http.get('/api/candidates').set('authorization', `Bearer ${adminToken}`).query({ search: 'aarav' }).expect(200);
      expect(list.body.data.pagination).toEqual({ current: 1, pages: 1, total: 1 });
    });

    it('finds the candidate by registration number without the mother\'s name and with a masked phone', async () => {
      const response = await http.get(`/api/candidates/search/%20${candidateCode.toLowerCase()}%20`).expect(200);
      expect(response.body).toEqual({
        success: true,
        data: expect.objectContaining({
          candidateCode,
          fullName: 'Aarav Patil',
          fatherName: 'Suresh Patil',
          phoneNumber: '******1234',
          hallTicketReleased: false,
          certificateReleased: false,
        }),
      });
      expect(JSON.stringify(response.body)).not.toMatch(/Meena|motherName|9876501234/);
      const missing = await http.get('/api/candidates/search/KBE000000AAA').expect(404);
      expect(missing.body).toEqual({ statusCode: 404, message: 'Candidate not found' });
      await http.get(`/api/candidates/search/${'K'.repeat(21)}`).expect(400);
    });

    it('gives the internal API the mother\'s name and lets it manage fees and releases', async () => {
      await http.get(`/internal/candidates/${candidateCode}`).expect(401);
      await http.get(`/api/internal/candidates/${candidateCode}`).set(internal).expect(404);
      const full = await http.get(`/internal/candidates/${candidateCode}`).set(internal).expect(200);
      expect(full.body.data).toMatchObject({ candidateCode, personalDetails: { motherName: 'Meena Patil' }, seatNumber: 'TBA' });

      const unpaid = await http.patch(`/internal/candidates/${candidateCode}/hall-ticket`).set(internal).send({ hallTicketReleased: true }).expect(409);
      expect(unpaid.body.message).toBe('Candidate must pay fees before hall ticket can be released.');
      await http.patch(`/internal/candidates/${candidateCode}/fees-paid`).set(internal).send({ feesPaid: true }).expect(200);
      // Paid, but a child's documents wait for the parental consent: one release, and a batch.
      const pending = await http.patch(`/internal/candidates/${candidateCode}/hall-ticket`).set(internal).send({ hallTicketReleased: true }).expect(409);
      expect(pending.body).toEqual({ statusCode: 409, message: 'Parental consent is pending.' });
      const batch = await http.post('/internal/candidates/release').set(internal).send({ kind: 'certificate', candidateCodes: [candidateCode], releasedBy: 'admin' }).expect(200);
      expect(batch.body.data.results).toEqual([{ candidateCode, outcome: 'consent-pending' }]);
      // The guardian (here the contact number) gives consent with the code the SMS request carries.
      await http.post(`/api/consent/${candidateCode}/otp`).expect(200);
      const sms = await eventOn('otp.requested', (e) => e.payload['subject'] === candidateCode);
      expect(sms.payload).toMatchObject({ purpose: 'parental-consent', phoneNumber: '9876501234', code: expect.stringMatching(/^\d{6}$/) });
      await http.post(`/api/consent/${candidateCode}/confirm`).send({ otp: sms.payload['code'], noticeVersion: CONSENT_NOTICE_VERSION, lang: 'en', declaration: true }).expect(200);
      const released = await http.patch(`/internal/candidates/${candidateCode}/hall-ticket`).set(internal).send({ hallTicketReleased: true }).expect(200);
      expect(released.body.data).toMatchObject({ feesPaid: true, hallTicketReleased: true });
      // The public search answered before the release (an answer it keeps a few seconds): it shows the release at once.
      const searched = await http.get(`/api/candidates/search/${candidateCode}`).expect(200);
      expect(searched.body.data).toMatchObject({ hallTicketReleased: true });

      const stats = await http.get('/api/statistics').expect(200);
      expect(stats.body).toEqual({
        success: true,
        data: { totalSchools: 1, totalMentors: 1, totalCandidates: 1, activeCandidates: 1 },
      });
      const paid = await http.get('/internal/candidates').set(internal).query({ filter: 'paid', released: 'released' }).expect(200);
      expect(paid.body.data.candidates.map((c: { candidateId: string }) => c.candidateId)).toEqual([candidateCode]);
      // the directory knows the consent at once: filter and SMS group
      const given = await http.get('/internal/candidates').set(internal).query({ consent: 'given' }).expect(200);
      expect(given.body.data.candidates.map((c: { candidateId: string; consentStatus: string }) => [c.candidateId, c.consentStatus])).toEqual([[candidateCode, 'given']]);
      expect(given.body.data.candidates[0].consent).toEqual({ status: 'given', givenAt: expect.any(String), noticeVersion: CONSENT_NOTICE_VERSION, lang: 'en', method: 'sms-otp' });
      const sizes = await http.get('/internal/candidates/group-sizes').set(internal).expect(200);
      expect(sizes.body.data).toEqual({ all: 1, paid: 1, unpaid: 0, 'hall-ticket': 1, 'consent-pending': 0 });
    });

    it('re-drives a release whose event a crash left out of the outbox, and only that one', async () => {
      const candidates = app.get<Connection>(getConnectionToken()).collection('candidates');
      const releasedAt = new Date(clock.now().getTime() - 60_000);
      // As a process that died between the release update and the outbox write leaves it.
      await candidates.updateOne({ _id: candidateCode as never }, {
        $set: { certificateReleased: true, certificateRelease: { releaseId: 'crashed-release', eventQueued: false, releasedAt, releasedBy: 'admin' }, certificateEventPending: true },
      });
      expect(await app.get(RegistrationEventPublisher).redriveOnce()).toBe(1);
      const event = await eventOn('certificate.released', (envelope) => envelope.id === `crashed-release:${candidateCode}`);
      expect(event.payload).toMatchObject({ candidateCode, releasedBy: 'admin' });
      expect(await candidates.findOne({ _id: candidateCode as never })).toMatchObject({ certificateEventPending: false, certificateRelease: { eventQueued: true } });
      expect(await app.get(RegistrationEventPublisher).redriveOnce()).toBe(0);
    });

    it('pages an SMS group for notifications-service with a cursor: code and mobile number only', async () => {
      await http.get('/internal/candidates/sms-recipients').query({ group: 'paid' }).expect(401);
      const paid = await http.get('/internal/candidates/sms-recipients').set(internal).query({ group: 'hall-ticket', limit: 1 }).expect(200);
      expect(paid.body).toEqual({ success: true, data: { items: [{ candidateCode, phoneNumber: '9876501234' }], next: candidateCode } });
      const after = await http.get('/internal/candidates/sms-recipients').set(internal).query({ group: 'hall-ticket', after: candidateCode }).expect(200);
      expect(after.body.data).toEqual({ items: [], next: null });
      const unpaid = await http.get('/internal/candidates/sms-recipients').set(internal).query({ group: 'unpaid' }).expect(200);
      expect(unpaid.body.data).toEqual({ items: [], next: null });
      const wrong = await http.get('/internal/candidates/sms-recipients').set(internal).query({ group: 'everyone', limit: 5000 }).expect(400);
      expect(JSON.stringify(wrong.body)).toMatch(/group must be one of all, paid, unpaid, hall-ticket/);
    });

    it('keeps candidate and mentor lists for admins: 401 without a token', async () => {
      const noToken = await http.get('/api/candidates').expect(401);
      expect(noToken.body).toEqual({ statusCode: 401, message: 'Admin authentication required' });
      await http.get('/api/mentors').expect(401);
      const mentors = await http.get('/api/mentors').set('authorization', `Bearer ${adminToken}`).expect(200);
      expect(mentors.body.data.mentors[0]).toMatchObject({ mentorCode, email: 'anita@example.org', mobile: '9988776655', location: 'Nashik', isActive: true });
      const candidates = await http.get('/api/candidates').set('authorization', `Bearer ${adminToken}`).query({ filter: 'unpaid' }).expect(200);
      expect(candidates.body.data).toEqual({ candidates: [], pagination: { current: 1, pages: 1, total: 0 } });
    });

    it('keeps the parent or guardian a registration names, and none for the spec payload', async () => {
      const full = await http.get(`/internal/candidates/${candidateCode}`).set(internal).expect(200);
      expect(full.body.data.guardianDetails).toBeUndefined();

      const withGuardian = { ...candidate(mentorCode, 'Kavya Patil', '9876500001'), guardianDetails: { ...validGuardian(), phoneNumber: '' } };
      const response = await submitCandidate(withGuardian, { photo: jpeg, signature: png }).expect(201);
      const stored = await http.get(`/internal/candidates/${response.body.candidateCode}`).set(internal).expect(200);
      // A blank mobile is the contact number's: none is stored.
      expect(stored.body.data.guardianDetails).toEqual({ name: 'Meena Patil', relation: 'Mother' });

      const bad = await submitCandidate({ ...withGuardian, guardianDetails: { name: '', relation: 'Aunt', phoneNumber: '123' } }, { photo: jpeg, signature: png }).expect(400);
      expect(bad.body.errors).toEqual([
        // each with its message's key, so a page shows it in its own language
        { field: 'guardianDetails.name', message: "Parent/guardian's name is required", key: 'validation.required', values: { field: 'field.guardianName' } },
        { field: 'guardianDetails.relation', message: 'Please select a relation to the candidate', key: 'validation.choose', values: { field: 'field.guardianRelation' } },
        { field: 'guardianDetails.phoneNumber', message: "Parent/guardian's mobile number must be exactly 10 digits", key: 'validation.guardianPhone' },
      ]);
    });

    it('stores the language a registration names (English when none), lets an edit change it, and refuses an unknown one', async () => {
      const english = await http.get(`/internal/candidates/${candidateCode}`).set(internal).expect(200);
      expect(english.body.data.language).toBe('en');

      const marathi = { ...candidate(mentorCode, 'Ishaan Kulkarni', '9876500002'), language: 'mr' };
      const response = await submitCandidate(marathi, { photo: jpeg, signature: png }).expect(201);
      const code = response.body.candidateCode;
      const stored = await http.get(`/internal/candidates/${code}`).set(internal).expect(200);
      expect(stored.body.data.language).toBe('mr');
      const event = await eventOn('candidate.registered', (e) => e.payload['candidateCode'] === code);
      expect(event.payload).toMatchObject({ fullName: 'Ishaan Kulkarni', language: 'mr' });

      // An edit (admin-service's PUT) sets it; an edit that names none keeps it.
      const hindi = await http.put(`/internal/candidates/${code}`).set(internal).send({ ...marathi, language: 'hi' }).expect(200);
      expect(hindi.body.data.language).toBe('hi');
      const withoutLanguage: Record<string, unknown> = { ...marathi };
      delete withoutLanguage['language'];
      const kept = await http.put(`/internal/candidates/${code}`).set(internal).send(withoutLanguage).expect(200);
      expect(kept.body.data.language).toBe('hi');

      const bad = await submitCandidate({ ...candidate(mentorCode, 'Kiran More', '9876500003'), language: 'fr' }, { photo: jpeg, signature: png }).expect(400);
      // (the error may carry the message's key beside the text)
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'language', message: 'Please select a language' })]);
      const json = await http.post('/api/candidates/register').send({ ...candidate(mentorCode, 'Kiran More', '9876500003'), language: 'Marathi' }).expect(400);
      // JSON carries no files: the documents' message comes beside it
      expect(json.body.errors).toContainEqual(expect.objectContaining({ field: 'language', message: 'Please select a language' }));
    });

    describe('refusals', () => {
      it('refuses an unknown mentor code', async () => {
        const response = await submitCandidate(candidate('MEN-ZZZZZZ', 'Nobody Here'), { photo: jpeg, signature: png }).expect(422);
        expect(response.body).toEqual({
          statusCode: 422,
          message: 'Mentor Code not found',
          errors: [{ field: 'mentorCode', message: 'Mentor Code not found' }],
        });
      });

      it('refuses a submit without both documents, and a non-image renamed .jpg', async () => {
        const missing = await submitCandidate(candidate(mentorCode, 'Riya Jadhav'), { photo: jpeg }).expect(400);
        expect(missing.body.errors).toEqual([{ field: 'signature', message: 'Both photo and signature documents are required', key: 'validation.documents' }]);
        const fake = { bytes: Buffer.from('%PDF-1.4 not an image at all'), filename: 'photo.jpg', contentType: 'image/jpeg' };
        const notImage = await submitCandidate(candidate(mentorCode, 'Riya Jadhav'), { photo: fake, signature: png }).expect(400);
        expect(notImage.body.errors).toEqual([{ field: 'photo', message: 'Photo must be a JPEG, PNG, WebP or GIF image', key: 'image.type', values: { field: 'field.photo' } }]);
      });

      it('refuses a 6 MB file with a clear 413', async () => {
        const big = { bytes: Buffer.concat([jpeg.bytes, Buffer.alloc(6 * 1024 * 1024, 1)]), filename: 'big.jpg', contentType: 'image/jpeg' };
        const response = await submitCandidate(candidate(mentorCode, 'Riya Jadhav'), { photo: big, signature: png }).expect(413);
        expect(response.body).toEqual({ statusCode: 413, message: 'File too large: Please select a file smaller than 5MB' });
      });

      it('lists every invalid field with the spec messages', async () => {
        const bad = candidate(mentorCode, '');
        bad.contactDetails.phoneNumber = '12345';
        bad.permanentAddress.pin = '42';
        const response = await submitCandidate(bad, { photo: jpeg, signature: png }).expect(400);
        expect(response.body.errors).toEqual([
          { field: 'personalDetails.fullName', message: 'Full name is required', key: 'validation.required', values: { field: 'field.fullName' } },
          { field: 'contactDetails.phoneNumber', message: 'Phone number must be exactly 10 digits', key: 'validation.phone' },
          { field: 'permanentAddress.pin', message: 'PIN code must be exactly 6 digits', key: 'validation.pin' },
        ]);
        expect(JSON.stringify(response.body)).not.toMatch(/ at .*\.ts/);
      });

      it('refuses text with a NUL character in any field, JSON or multipart, and stores nothing', async () => {
        const message = 'must not contain the NUL character (U+0000)';
        const json = await http.post('/api/mentors/register').send({ ...mentor(schoolCode), address: 'Nashik\u0000' }).expect(400);
        expect(json.body.errors).toEqual([{ field: 'address', message }]);
        const bad = candidate(mentorCode, 'Nul Character');
        bad.permanentAddress.taluka = 'Niph\u0000ad';
        const multipart = await submitCandidate(bad, { photo: jpeg, signature: png }).expect(400);
        expect(multipart.body.errors).toEqual([{ field: 'permanentAddress.taluka', message }]);
        const listed = await http.get('/internal/candidates').set(internal).query({ search: 'Nul Character' }).expect(200);
        expect(listed.body.data.candidates).toEqual([]);
      });

      it('refuses malformed JSON and unexpected fields cleanly', async () => {
        const malformed = await http.post('/api/schools/register').set('content-type', 'application/json').send('{"schoolName": ').expect(400);
        expect(malformed.body).toEqual({ statusCode: 400, message: 'Malformed JSON body' });
        const extra = await http.post('/api/schools/register').send({ ...school('27209999999'), isAdmin: true }).expect(400);
        expect(extra.body.errors).toEqual([{ field: 'isAdmin', message: 'Unexpected field: isAdmin', key: 'validation.unexpectedFields', values: { count: 1, fields: 'isAdmin' } }]);
        const wrongType = await http.post('/api/mentors/register').send({ ...mentor(schoolCode), workExperience: 'lots' }).expect(400);
        expect(wrongType.body.errors).toEqual([{ field: 'workExperience', message: 'Work experience must be a whole number of years', key: 'validation.workExperience' }]);
      });

      it('refuses registrations after the deadline with the edition\'s message', async () => {
        clock.current = new Date('2025-10-31T00:00:01+05:30');
        try {
          const response = await submitCandidate(candidate(mentorCode, 'Late Comer'), { photo: jpeg, signature: png }).expect(400);
          expect(response.body.message).toBe('Registration deadline (30th October 2025) has passed');
        } finally {
          clock.current = new Date('2025-10-01T10:00:00+05:30');
        }
      });

      it('answers 429 with Retry-After past the search limit', async () => {
        const client = { 'x-forwarded-for': '203.0.113.77' };
        for (let i = 0; i < 5; i += 1) await http.get('/api/candidates/search/KBE000000AAA').set(client).expect(404);
        const limited = await http.get('/api/candidates/search/KBE000000AAA').set(client).expect(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        expect(limited.body).toEqual({ statusCode: 429, message: 'Too many requests. Please wait a moment and try again.' });
        await http.get('/api/candidates/search/KBE000000AAA').set({ 'x-forwarded-for': '203.0.113.78' }).expect(404);
      });
    });

    it('stores and lists contact messages', async () => {
      const bad = await http.post('/api/contact').send({ firstName: 'A', lastName: 'Pawar', email: 'x', gradeLevel: 'Teacher', message: 'hi' }).expect(400);
      expect(bad.body.errors.map((e: { message: string }) => e.message)).toEqual([
        'First name must be at least 2 characters',
        'Please enter a valid email address',
        'Message must be at least 10 characters',
      ]);
      await http
        .post('/api/contact')
        .send({ firstName: 'Asha', lastName: 'Pawar', email: 'asha@example.org', gradeLevel: 'Teacher', message: 'When does registration close?' })
        .expect(201);
      await http.get('/api/contact').expect(401);
      const list = await http.get('/api/contact').set('authorization', `Bearer ${adminToken}`).expect(200);
      expect(list.body.data.messages).toEqual([expect.objectContaining({ firstName: 'Asha', message: 'When does registration close?' })]);
    });

    it('leaves no candidate and no file behind when the upload fails', async () => {
      const before = await bucket.objectNames();
      await infraControl('stop', 'minio');
      try {
        const response = await submitCandidate(candidate(mentorCode, 'Upload Fails'), { photo: jpeg, signature: png }).expect(503);
        expect(response.body).toEqual({ statusCode: 503, message: 'Your photo and signature could not be saved. Please try again.' });
      } finally {
        await infraControl('start', 'minio');
      }
      const list = await http.get('/api/candidates').set('authorization', `Bearer ${adminToken}`).query({ search: 'upload' }).expect(200);
      expect(list.body.data.pagination.total).toBe(0);
      expect(await bucket.objectNames()).toEqual(before);
    }, 240_000);

    it('still publishes the event of a registration made while Kafka was down', async () => {
      let code = '';
      await infraControl('stop', 'kafka');
      try {
        const response = await submitCandidate(candidate(mentorCode, 'Kafka Down', '9000000001'), { photo: jpeg, signature: png }).expect(201);
        code = response.body.candidateCode;
        const outbox = app.get<Connection>(getConnectionToken()).collection('outbox');
        const record = await waitFor(
          async () => {
            const found = await outbox.findOne({ key: code });
            return found && (found['attempts'] as number) >= 1 ? found : undefined;
          },
          { timeoutMs: 30_000, what: 'a failed delivery attempt' },
        );
        expect(record['publishedAt']).toBeNull();
      } finally {
        await infraControl('start', 'kafka');
      }
      const event = await eventOn('candidate.registered', (e) => e.payload['candidateCode'] === code);
      expect(event.payload['fullName']).toBe('Kafka Down');
    }, 300_000);
  });
});
