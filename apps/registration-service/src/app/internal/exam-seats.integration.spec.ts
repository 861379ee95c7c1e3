import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { EXAM_SEAT_PATHS, seatingResponseSchema } from '@kbe/contracts';
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

const env = isolatedInfraEnv({});
const config = loadConfig(registrationEnvSchema, env);
const internal = { 'x-internal-token': config.INTERNAL_API_TOKEN };

/** Five pupils: paid and consented (1, 2), unpaid (3), released with a roll number (4), deleted (5). */
const CODES = ['KBE400001EXA', 'KBE400002EXA', 'KBE400003EXA', 'KBE400004EXA', 'KBE400005EXA'] as const;
const seatOf = examSeatOf;

describe('exam seats on the internal API: the seating feed and the seats exams-service issues (registration-service, FerretDB)', () => {
  let app: INestApplication;
  let http: ReturnType<typeof request>;

  const candidate = async (code: string) => (await http.get(`/internal/candidates/${code}`).set(internal).expect(200)).body.data;
  const putSeats = (body: unknown) => http.put(EXAM_SEAT_PATHS.seats).set(internal).send(body as object);

  beforeAll(async () => {
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });
    await app.init();
    http = request(app.getHttpServer());
    const connection = app.get<Connection>(getConnectionToken());
    const address = { addressLines: 'Plot 4', village: 'Ozar', taluka: 'Niphad', district: 'Nashik', state: 'Maharashtra', pin: '422206' };
    await connection.collection('candidates').insertMany([
      storedCandidate(CODES[0], '9876500081', undefined, { feesPaid: true, consentStatus: 'given', permanentAddress: address }),
      storedCandidate(CODES[1], '9876500082', undefined, { feesPaid: true, consentStatus: 'given', permanentAddress: { ...address, taluka: 'Sinnar' } }),
      storedCandidate(CODES[2], '9876500083', undefined, { permanentAddress: address }),
      storedCandidate(CODES[3], '9876500084', undefined, {
        feesPaid: true,
        consentStatus: 'given',
        hallTicketReleased: true,
        permanentAddress: address,
        seatNumber: 'M-21-001-0009-8',
        examSeat: { ...seatOf(CODES[3], { rollNumber: 'M-21-001-0009-8' }), candidateCode: undefined },
      }),
      storedCandidate(CODES[4], '9876500085', undefined, { deletedAt: new Date(), permanentAddress: address }),
    ] as never[]);
    await app.get(CandidateDirectoryKeeper).refresh([...CODES]);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('pages through the live candidates in code order with what seating needs, nothing personal', async () => {
    const first = seatingResponseSchema.parse((await http.get(`${EXAM_SEAT_PATHS.seating}?limit=2&after=KBE400000ZZZ`).set(internal).expect(200)).body).data;
    expect(first.candidates.map((c) => c.candidateCode)).toEqual([CODES[0], CODES[1]]);
    expect(first.next).toBe(CODES[1]);
    expect(first.candidates[0]).toEqual({
      candidateCode: CODES[0],
      level: 'Mains',
      category: 'Sec',
      district: 'Nashik',
      taluka: 'Niphad',
      schoolCode: 'SCH-7KQ2XM',
      feesPaid: true,
      consent: 'given',
      hallTicketReleased: false,
      seatNumber: null,
      rollNumber: null,
    });
    const rest = seatingResponseSchema.parse((await http.get(`${EXAM_SEAT_PATHS.seating}?limit=2&after=${first.next}`).set(internal).expect(200)).body).data;
    // the deleted candidate is not seated
    expect(rest.candidates.map((c) => [c.candidateCode, c.rollNumber])).toEqual([
      [CODES[2], null],
      [CODES[3], 'M-21-001-0009-8'],
    ]);
  });

  it('stores a seat as the seat number, centre and exam time, once; a released roll number stays', async () => {
    const body = { seats: [seatOf(CODES[0]), seatOf(CODES[3], { rollNumber: 'M-21-001-0002-2' }), seatOf('KBE499999ZZZ')] };
    const first = (await putSeats(body).expect(200)).body.data.results;
    expect(first).toEqual([
      { candidateCode: CODES[0], outcome: 'assigned' },
      { candidateCode: CODES[3], outcome: 'roll-number-fixed' },
      { candidateCode: 'KBE499999ZZZ', outcome: 'not-found' },
    ]);
    const seated = await candidate(CODES[0]);
    expect({ seatNumber: seated.seatNumber, center: seated.center, examTime: seated.examTime, room: seated.examSeat.room }).toEqual({
      seatNumber: 'M-21-001-0001-4',
      center: 'Nashik Centre 1',
      examTime: '2027-01-17T10:30:00+05:30',
      room: 'Room 1',
    });
    expect((await candidate(CODES[3])).seatNumber).toBe('M-21-001-0009-8');
    // the same seats again change nothing
    expect((await putSeats({ seats: [seatOf(CODES[0])] }).expect(200)).body.data.results).toEqual([{ candidateCode: CODES[0], outcome: 'unchanged' }]);
    // the feed now shows the roll number
    const page = seatingResponseSchema.parse((await http.get(`${EXAM_SEAT_PATHS.seating}?limit=1&after=KBE400000ZZZ`).set(internal).expect(200)).body).data;
    expect(page.candidates[0]?.rollNumber).toBe('M-21-001-0001-4');
  });

  it('moves a released hall ticket to another room under its roll number: re-issued, and the guardian told', async () => {
    const moved = seatOf(CODES[3], { rollNumber: 'M-21-001-0009-8', room: 'Room 2', seatInRoom: 7 });
    expect((await putSeats({ seats: [moved] }).expect(200)).body.data.results).toEqual([{ candidateCode: CODES[3], outcome: 'reissued' }]);
    expect((await candidate(CODES[3])).examSeat).toMatchObject({ rollNumber: 'M-21-001-0009-8', room: 'Room 2', seatInRoom: 7 });
    const connection = app.get<Connection>(getConnectionToken());
    const announced = [
      ...(await connection.collection('outbox').find({ topic: 'candidate.seat-changed', key: CODES[3] }).toArray()),
      ...(await connection.collection('outbox_published').find({ topic: 'candidate.seat-changed', key: CODES[3] }).toArray()),
    ];
    expect(announced).toHaveLength(1);
    expect(JSON.parse(String(announced[0]?.['value'])).payload).toMatchObject({ candidateCode: CODES[3], rollNumber: 'M-21-001-0009-8', centreCode: 'NSK01', room: 'Room 2' });
  });

  it('withdraws an allocated seat that is not on a released hall ticket', async () => {
    await putSeats({ seats: [seatOf(CODES[1], { rollNumber: 'M-21-001-0003-0', seatInRoom: 2 })] }).expect(200);
    const results = (await putSeats({ seats: [], cleared: [CODES[1], CODES[3], CODES[2]] }).expect(200)).body.data.results;
    expect(results).toEqual([
      { candidateCode: CODES[1], outcome: 'cleared' },
      { candidateCode: CODES[3], outcome: 'unchanged' },
      { candidateCode: CODES[2], outcome: 'unchanged' },
    ]);
    // the lists show a missing seat as TBA (spec)
    const cleared = await candidate(CODES[1]);
    expect({ seatNumber: cleared.seatNumber, center: cleared.center, examTime: cleared.examTime, examSeat: cleared.examSeat }).toEqual({ seatNumber: 'TBA', center: 'TBA', examTime: 'TBA', examSeat: null });
  });

  it('refuses malformed requests with a precise message, and callers without the internal token', async () => {
    expect((await http.get(`${EXAM_SEAT_PATHS.seating}?limit=5000`).set(internal).expect(400)).body.message).toContain('limit must be at most 2000');
    const badRoll = await putSeats({ seats: [seatOf(CODES[0], { rollNumber: '12' })] }).expect(400);
    expect(JSON.stringify(badRoll.body)).toContain('rollNumber');
    await http.get(EXAM_SEAT_PATHS.seating).expect(401);
    await http.put(EXAM_SEAT_PATHS.seats).send({ seats: [] }).expect(401);
  });
});
