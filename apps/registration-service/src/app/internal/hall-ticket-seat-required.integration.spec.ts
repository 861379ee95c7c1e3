import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { ADMIN_MESSAGES, EXAM_SEAT_PATHS } from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { isolatedInfraEnv } from '@kbe/server-testing';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { AppModule } from '../app.module';
import { CandidateDirectoryKeeper } from '../candidates/directory/candidate-directory.keeper';
import { examSeatOf } from '../candidates/exam-seat.fixture';
import { storedCandidate } from '../consent/testing/guardian-sms.fixture';
import { registrationEnvSchema, SERVICE_NAME } from '../registration.config';

const env = isolatedInfraEnv({ EDITION_SEAT_REQUIRED_FOR_HALL_TICKET: 'true' });
const internal = { 'x-internal-token': env.INTERNAL_API_TOKEN };

/** Paid and consented, unseated (0, 1, 2, 4); unpaid and unseated (3). */
const CODES = ['KBE410001SEA', 'KBE410002SEA', 'KBE410003SEA', 'KBE410004SEA', 'KBE410005SEA'] as const;
const seatOf = examSeatOf;

async function start(seatRequired: boolean): Promise<INestApplication> {
  const config = loadConfig(registrationEnvSchema, { ...env, EDITION_SEAT_REQUIRED_FOR_HALL_TICKET: String(seatRequired) });
  const app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });
  await app.init();
  return app;
}

describe('hall tickets only for seated candidates, when the edition says so (EDITION_SEAT_REQUIRED_FOR_HALL_TICKET, registration-service, FerretDB)', () => {
  let app: INestApplication | undefined;
  let http: ReturnType<typeof request>;

  const releaseHallTicket = (code: string) => http.patch(`/internal/candidates/${code}/hall-ticket`).set(internal).send({ hallTicketReleased: true });
  const releaseBatch = (kind: 'hall-ticket' | 'certificate', candidateCodes: string[]) =>
    http.post('/internal/candidates/release').set(internal).send({ kind, candidateCodes, releasedBy: 'admin' }).expect(200);

  beforeAll(async () => {
    app = await start(true);
    http = request(app.getHttpServer());
    const given = { feesPaid: true, consentStatus: 'given' };
    await app.get<Connection>(getConnectionToken()).collection('candidates').insertMany([
      storedCandidate(CODES[0], '9876500091', undefined, given),
      storedCandidate(CODES[1], '9876500092', undefined, given),
      storedCandidate(CODES[2], '9876500093', undefined, given),
      storedCandidate(CODES[3], '9876500094', undefined, { consentStatus: 'given' }),
      storedCandidate(CODES[4], '9876500095', undefined, given),
    ] as never[]);
    await app.get(CandidateDirectoryKeeper).refresh([...CODES]);
  }, 120_000);

  afterAll(async () => {
    await app?.get<Connection>(getConnectionToken()).dropDatabase();
    await app?.close();
  });

  it('answers 409 with the message for an unseated candidate, and releases once an admin typed a seat number', async () => {
    const refused = await releaseHallTicket(CODES[0]).expect(409);
    expect(refused.body.message).toBe('Candidate has no exam seat yet: allocate seats (or assign one) before releasing the hall ticket');
    expect(refused.body.message).toBe(ADMIN_MESSAGES.seatRequired);
    expect((await http.get(`/internal/candidates/${CODES[0]}`).set(internal).expect(200)).body.data.hallTicketReleased).toBe(false);

    await http.patch(`/internal/candidates/${CODES[1]}/exam-assignment`).set(internal).send({ seatNumber: 'NSK-0042' }).expect(200);
    const released = await releaseHallTicket(CODES[1]).expect(200);
    expect(released.body.data).toMatchObject({ hallTicketReleased: true, seatNumber: 'NSK-0042' });
  });

  it('skips the unseated in a bulk release with not-seated (fees first), releases the allocated; certificates need no seat', async () => {
    const seats = await http.put(EXAM_SEAT_PATHS.seats).set(internal).send({ seats: [seatOf(CODES[2])] }).expect(200);
    expect(seats.body.data.results).toEqual([{ candidateCode: CODES[2], outcome: 'assigned' }]);
    const batch = await releaseBatch('hall-ticket', [CODES[0], CODES[2], CODES[3]]);
    expect(batch.body.data.results).toEqual([
      { candidateCode: CODES[0], outcome: 'not-seated' },
      { candidateCode: CODES[2], outcome: 'released' },
      { candidateCode: CODES[3], outcome: 'fees-unpaid' },
    ]);
    const certificates = await releaseBatch('certificate', [CODES[0]]);
    expect(certificates.body.data.results).toEqual([{ candidateCode: CODES[0], outcome: 'released' }]);
  });

  it('releases unseated candidates as the spec does once the setting is off', async () => {
    await app?.close();
    app = await start(false);
    http = request(app.getHttpServer());
    const released = await releaseHallTicket(CODES[4]).expect(200);
    expect(released.body.data).toMatchObject({ hallTicketReleased: true, seatNumber: 'TBA' });
    const batch = await releaseBatch('hall-ticket', [CODES[0]]);
    expect(batch.body.data.results).toEqual([{ candidateCode: CODES[0], outcome: 'released' }]);
  }, 120_000);
});
