import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { CORRECTION_INTERNAL_PATHS, CORRECTION_MESSAGES, CORRECTION_PATHS, PORTAL_MESSAGES, VALIDATION_MESSAGES, formatEditionDate } from '@kbe/contracts';
import { createServiceApp, openApiPath } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { adminTokenFor, freePort, isolatedInfraEnv, waitFor } from '@kbe/server-testing';
import { createHash } from 'node:crypto';
import type { Connection } from 'mongoose';
import request from 'supertest';
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { ServiceProcess } from '../../../../notifications-service/src/testing/service-process';
import { AppModule } from '../app.module';
import { startNotifications, storedCandidate } from '../consent/testing/guardian-sms.fixture';
import { registrationEnvSchema, SERVICE_NAME } from '../registration.config';

/** The suite's clock, near the real time; moved past the window's end for one test. */
const clock = { current: new Date(), now: () => clock.current };
const DAY_MS = 24 * 60 * 60 * 1000;
const opensAt = new Date(Date.now() - DAY_MS).toISOString();
const closesAt = new Date(Date.now() + DAY_MS).toISOString();

const env = isolatedInfraEnv({ OUTBOX_RELAY_INTERVAL_MS: '200', EDITION_CORRECTIONS_OPENS_AT: opensAt, EDITION_CORRECTIONS_CLOSES_AT: closesAt });
const config = loadConfig(registrationEnvSchema, env);
const internal = { 'x-internal-token': config.INTERNAL_API_TOKEN };

const SCHOOL_A = 'SCH-AAAA22';
const SCHOOL_B = 'SCH-BBBB22';
const MENTOR_A1 = 'MEN-AAAA33';
const MENTOR_A2 = 'MEN-AAAA44';
const MENTOR_B1 = 'MEN-BBBB33';

/** Pupil A1 (released hall ticket, a guardian with their own mobile), A2 (mentor A2), B1 (school B). */
const PUPIL_A1 = 'KBE300001CRA';
const PUPIL_A2 = 'KBE300002CRA';
const PUPIL_B1 = 'KBE300003CRB';
const GUARDIAN_A1 = '9123400081';

/** One session per school and mentor, stored as the portal stores them (the sign-in is the portal suite's); they outlive the suite's moved clock. */
const TOKENS = {
  schoolA: 'a'.repeat(43),
  mentorA1: 'b'.repeat(43),
  mentorA2: 'c'.repeat(43),
  schoolB: 'd'.repeat(43),
  mentorB1: 'f'.repeat(43),
} as const;
const SESSIONS: Record<keyof typeof TOKENS, { role: 'school' | 'mentor'; code: string; schoolCode: string }> = {
  schoolA: { role: 'school', code: SCHOOL_A, schoolCode: SCHOOL_A },
  mentorA1: { role: 'mentor', code: MENTOR_A1, schoolCode: SCHOOL_A },
  mentorA2: { role: 'mentor', code: MENTOR_A2, schoolCode: SCHOOL_A },
  schoolB: { role: 'school', code: SCHOOL_B, schoolCode: SCHOOL_B },
  mentorB1: { role: 'mentor', code: MENTOR_B1, schoolCode: SCHOOL_B },
};

describe('corrections of a pupil’s details: asked in the portal, decided on the internal API (registration-service, notifications-service, FerretDB, Kafka)', () => {
  let app: INestApplication;
  let http: ReturnType<typeof request>;
  let notifications: ServiceProcess;
  let connection: Connection;

  const bearer = (who: keyof typeof TOKENS) => ({ authorization: `Bearer ${TOKENS[who]}` });
  const ask = (who: keyof typeof TOKENS, body: unknown) => http.post(CORRECTION_PATHS.portal).set(bearer(who)).send(body as object);
  const listOf = async (who: keyof typeof TOKENS) => (await http.get(CORRECTION_PATHS.portal).set(bearer(who)).expect(200)).body.data;
  const candidate = async (code: string) => (await http.get(`/internal/candidates/${code}`).set(internal).expect(200)).body.data;
  /** Events of `topic` about `code` in the outbox (relayed or waiting). */
  const events = async (topic: string, code: string) => [
    ...(await connection.collection('outbox').find({ topic, key: code }).toArray()),
    ...(await connection.collection('outbox_published').find({ topic, key: code }).toArray()),
  ];

  beforeAll(async () => {
    const port = await freePort();
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config, { clock }), config });
    await app.listen(port, '127.0.0.1');
    http = request(app.getHttpServer());
    connection = app.get<Connection>(getConnectionToken());
    await connection.collection('candidates').insertMany([
      storedCandidate(PUPIL_A1, '9876500071', GUARDIAN_A1, { schoolCode: SCHOOL_A, mentorCode: MENTOR_A1, feesPaid: true, hallTicketReleased: true, consentStatus: 'given' }),
      storedCandidate(PUPIL_A2, '9876500072', undefined, { schoolCode: SCHOOL_A, mentorCode: MENTOR_A2 }),
      storedCandidate(PUPIL_B1, '9876500073', undefined, { schoolCode: SCHOOL_B, mentorCode: MENTOR_B1 }),
    ] as never[]);
    const sessions = connection.collection('portal_sessions');
    for (const [who, session] of Object.entries(SESSIONS)) {
      const tokenHash = createHash('sha256').update(TOKENS[who as keyof typeof TOKENS]).digest('hex');
      await sessions.insertOne({ _id: tokenHash as never, ...session, createdAt: new Date(), expiresAt: new Date(Date.now() + 3 * DAY_MS) });
    }
    notifications = await startNotifications(env, port);
  }, 180_000);

  afterAll(async () => {
    await notifications?.stop();
    await connection?.dropDatabase();
    await app?.close();
  });

  it('describes both portal endpoints in the OpenAPI document, with the request schema; the internal ones stay out', async () => {
    const document = (await http.get(openApiPath(SERVICE_NAME)).expect(200)).body;
    const path = document.paths[CORRECTION_PATHS.portal];
    expect(Object.keys(path).sort()).toEqual(['get', 'post']);
    expect(JSON.stringify(path.post.requestBody)).toContain('personalDetails.fullName');
    expect(Object.keys(path.post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '404', '409']));
    expect(Object.keys(document.paths).some((key) => key.includes('internal/corrections'))).toBe(false);
  });

  it('needs a portal session on both portal endpoints (401), and refuses an admin token', async () => {
    for (const call of [() => http.get(CORRECTION_PATHS.portal), () => http.post(CORRECTION_PATHS.portal).send({})]) {
      expect((await call().expect(401)).body.message).toBe(PORTAL_MESSAGES.signInRequired);
      expect((await call().set('authorization', `Bearer ${adminTokenFor(env)}`).expect(401)).body.message).toBe(PORTAL_MESSAGES.signInRequired);
    }
  });

  it('checks each new value by the registration form’s rule and message (400), and takes only correctable fields', async () => {
    const invalid = await ask('schoolA', { candidateCode: PUPIL_A1, changes: { 'personalDetails.dateOfBirth': '2012-02-30', 'contactDetails.phoneNumber': '98765' } }).expect(400);
    expect(invalid.body.errors).toEqual([
      { field: 'changes.personalDetails.dateOfBirth', message: VALIDATION_MESSAGES.dateOfBirth, key: 'validation.dateOfBirth' },
      { field: 'changes.contactDetails.phoneNumber', message: VALIDATION_MESSAGES.phone, key: 'validation.phone' },
    ]);
    const fees = await ask('schoolA', { candidateCode: PUPIL_A1, changes: { 'educationalDetails.fees': 1, hallTicketReleased: false } }).expect(400);
    expect(fees.body.errors).toEqual([{ field: 'changes', message: `${CORRECTION_MESSAGES.unknownFields}: educationalDetails.fees, hallTicketReleased` }]);
    expect((await ask('schoolA', { candidateCode: PUPIL_A1, changes: {} }).expect(400)).body.errors).toEqual([{ field: 'changes', message: CORRECTION_MESSAGES.noChanges }]);
    expect((await ask('schoolA', 'not json at all').expect(400)).body.statusCode).toBe(400);
    const same = await ask('schoolA', { candidateCode: PUPIL_A1, changes: { 'personalDetails.fullName': 'Aarav Patil' } }).expect(400);
    expect(same.body.errors).toEqual([{ field: 'changes', message: CORRECTION_MESSAGES.sameValues }]);
  });

  it('answers 404 as for an unknown code for a pupil of another school or another mentor, on every session', async () => {
    const unknown = (await ask('schoolA', { candidateCode: 'KBE399999ZZZ', changes: { 'personalDetails.fullName': 'X Y' } }).expect(404)).body;
    for (const [who, code] of [
      ['schoolB', PUPIL_A1],
      ['mentorB1', PUPIL_A1],
      ['mentorA2', PUPIL_A1],
      ['schoolA', PUPIL_B1],
      ['mentorA1', PUPIL_B1],
      ['mentorA1', PUPIL_A2],
    ] as const) {
      expect((await ask(who, { candidateCode: code, changes: { 'personalDetails.fullName': 'X Y' } }).expect(404)).body).toEqual(unknown);
    }
    expect(await connection.collection('correction_requests').countDocuments()).toBe(0);
  });

  it('refuses a request outside the edition’s correction window (409 naming its dates)', async () => {
    clock.current = new Date(Date.now() + 2 * DAY_MS);
    try {
      const refused = await ask('schoolA', { candidateCode: PUPIL_A1, changes: { 'personalDetails.fullName': 'X Y' } }).expect(409);
      expect(refused.body.message).toBe(`Corrections are accepted from ${formatEditionDate(opensAt)} to ${formatEditionDate(closesAt)}.`);
    } finally {
      clock.current = new Date();
    }
  });

  it('files a request of the school, refuses a second open one for the pupil (409), and shows it only to the school and the pupil’s mentor', async () => {
    const filed = await ask('schoolA', { candidateCode: PUPIL_A1.toLowerCase(), changes: { 'personalDetails.fullName': ' Aarav Suresh Patil ', 'permanentAddress.pin': '422008' }, note: 'Birth certificate attached at school' }).expect(201);
    expect(filed.body).toMatchObject({
      success: true,
      message: CORRECTION_MESSAGES.submitted,
      data: {
        id: expect.stringMatching(/^CR\d{6}$/),
        candidateCode: PUPIL_A1,
        status: 'open',
        requestedBy: { role: 'school', code: SCHOOL_A },
        changes: [
          { field: 'personalDetails.fullName', label: 'Full name', from: 'Aarav Patil', to: 'Aarav Suresh Patil' },
          { field: 'permanentAddress.pin', label: 'PIN code', from: '422007', to: '422008' },
        ],
        decidedBy: null,
        reason: null,
      },
    });
    expect((await ask('mentorA1', { candidateCode: PUPIL_A1, changes: { 'personalDetails.gender': 'Female' } }).expect(409)).body.message).toBe(CORRECTION_MESSAGES.openRequest);
    expect((await listOf('schoolA')).items.map((item: { id: string }) => item.id)).toEqual([filed.body.data.id]);
    expect((await listOf('mentorA1')).items.map((item: { id: string }) => item.id)).toEqual([filed.body.data.id]);
    for (const who of ['mentorA2', 'schoolB', 'mentorB1'] as const) expect(await listOf(who)).toEqual({ items: [], page: 1, limit: 20, total: 0 });
  });

  it('keeps the internal queue behind the internal token, open requests first with old and new values side by side', async () => {
    await http.get(CORRECTION_INTERNAL_PATHS.queue).expect(401);
    await http.get(CORRECTION_INTERNAL_PATHS.queue).set('authorization', `Bearer ${TOKENS.schoolA}`).expect(401);
    const filed = await ask('mentorA2', { candidateCode: PUPIL_A2, changes: { 'educationalDetails.standard': '9th' } }).expect(201);
    // the refused second request of pupil A1 took no number: the ids stay consecutive (the decided list pages by them)
    expect(filed.body.data.id).toBe('CR000002');
    const queue = (await http.get(CORRECTION_INTERNAL_PATHS.queue).set(internal).expect(200)).body.data;
    expect(queue).toMatchObject({ open: 2, total: 2, page: 1, limit: 20 });
    expect(queue.items.map((item: { candidateCode: string }) => item.candidateCode)).toEqual([PUPIL_A1, PUPIL_A2]);
    const one = (await http.get(CORRECTION_INTERNAL_PATHS.one(filed.body.data.id)).set(internal).expect(200)).body.data;
    expect(one.changes).toEqual([{ field: 'educationalDetails.standard', label: 'Standard', from: '8th', to: '9th' }]);
    expect((await http.get(CORRECTION_INTERNAL_PATHS.one('CR999999')).set(internal).expect(404)).body.message).toBe(CORRECTION_MESSAGES.notFound);
    expect((await http.get(CORRECTION_INTERNAL_PATHS.queue).query({ status: 'pending' }).set(internal).expect(400)).body.errors).toEqual([expect.objectContaining({ field: 'status', message: CORRECTION_MESSAGES.status })]);
  });

  it('approves: the record changes through the admin edit (candidate.changed, so the hall ticket is rendered anew), candidate.corrected is queued and the guardian gets the correction SMS', async () => {
    const [request] = (await listOf('mentorA1')).items;
    const changedBefore = (await events('candidate.changed', PUPIL_A1)).length;
    const approved = await http.post(CORRECTION_INTERNAL_PATHS.approve(request.id)).set(internal).send({ decidedBy: 'chief' }).expect(200);
    expect(approved.body.data).toMatchObject({ id: request.id, status: 'approved', decidedBy: 'chief', decidedAt: expect.any(String) });
    const record = await candidate(PUPIL_A1);
    expect(record).toMatchObject({ personalDetails: { fullName: 'Aarav Suresh Patil' }, permanentAddress: { pin: '422008' }, hallTicketReleased: true, feesPaid: true, mentorCode: MENTOR_A1 });
    // documents-service drops its copy on candidate.changed; the printed name is part of the hall ticket's content version
    expect((await events('candidate.changed', PUPIL_A1)).length).toBeGreaterThan(changedBefore);
    const [corrected] = await events('candidate.corrected', PUPIL_A1);
    expect(JSON.parse(String(corrected?.['value'])).payload).toEqual({ candidateCode: PUPIL_A1, correctionId: request.id, fields: ['personalDetails.fullName', 'permanentAddress.pin'], correctedAt: expect.any(String), decidedBy: 'chief' });
    const sms = await waitFor(() => /SMS to \*{6}0081 \([^)]*correction\): KBE Young Scientist: the details of candidate KBE300001CRA were corrected[^"]*/.exec(notifications.log)?.[0], {
      timeoutMs: 60_000,
      what: "the guardian's correction SMS",
    });
    expect(sms).toContain('Download the hall ticket again on kbe.example.org');
    expect((await http.post(CORRECTION_INTERNAL_PATHS.approve(request.id)).set(internal).send({ decidedBy: 'chief' }).expect(409)).body.message).toBe(CORRECTION_MESSAGES.alreadyDecided);
    // the pupil may be corrected again once the request is decided
    await ask('mentorA1', { candidateCode: PUPIL_A1, changes: { 'personalDetails.motherTongue': 'Hindi' } }).expect(201);
  }, 90_000);

  it('rejects with a reason only: the school and the mentor see the status and the reason, not the admin’s name', async () => {
    const [request] = (await listOf('mentorA2')).items;
    expect((await http.post(CORRECTION_INTERNAL_PATHS.reject(request.id)).set(internal).send({ decidedBy: 'chief' }).expect(400)).body.errors).toEqual([{ field: 'reason', message: CORRECTION_MESSAGES.reasonRequired }]);
    await http.post(CORRECTION_INTERNAL_PATHS.reject(request.id)).set(internal).send({ decidedBy: 'chief', reason: 'The school register says 8th.' }).expect(200);
    for (const who of ['schoolA', 'mentorA2'] as const) {
      const seen = (await listOf(who)).items.find((item: { id: string }) => item.id === request.id);
      expect(seen).toMatchObject({ status: 'rejected', reason: 'The school register says 8th.', decidedBy: null, decidedAt: expect.any(String) });
    }
    expect((await candidate(PUPIL_A2)).educationalDetails.standard).toBe('8th');
    expect(await events('candidate.corrected', PUPIL_A2)).toEqual([]);
  });
});
