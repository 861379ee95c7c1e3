import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { EXAM_RESULT_PATHS, EXAM_SEAT_PATHS, examResultsResponseSchema, resultsWithdrawalResponseSchema, seatingResponseSchema, type ExamResultsRequest } from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { freePort, isolatedInfraEnv, waitFor } from '@kbe/server-testing';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { AppModule } from '../app.module';
import { CandidateDirectoryKeeper } from '../candidates/directory/candidate-directory.keeper';
import { examSeatOf } from '../candidates/exam-seat.fixture';
import { startNotifications, storedCandidate } from '../consent/testing/guardian-sms.fixture';
import { registrationEnvSchema, SERVICE_NAME } from '../registration.config';

const env = isolatedInfraEnv({ OUTBOX_RELAY_INTERVAL_MS: '200' });
const config = loadConfig(registrationEnvSchema, env);
const internal = { 'x-internal-token': config.INTERNAL_API_TOKEN };

/**
 * Qualifies (1: paid, seated, hall ticket out; registered before levels existed), does not qualify
 * (2), deleted (3), absent (4), certificate released (5, handed over last).
 */
const CODES = ['KBE410001RST', 'KBE410002RST', 'KBE410003RST', 'KBE410004RST', 'KBE410005RST'] as const;
const PUBLISHED_AT = '2027-03-01T10:00:00.000Z';
type HandedOver = ExamResultsRequest['results'][number];

const resultOf = (candidateCode: string, fields: Partial<HandedOver> = {}): HandedOver => ({
  candidateCode,
  level: 'Mains',
  category: 'Sec',
  rollNumber: 'M-21-001-0001-4',
  score: 82.5,
  maxMarks: 100,
  absent: false,
  rank: 2,
  medal: 'silver',
  qualified: true,
  nextLevel: 'Advanced',
  publishedAt: PUBLISHED_AT,
  ...fields,
});
const QUALIFIED = resultOf(CODES[0]);
const NOT_QUALIFIED = resultOf(CODES[1], { rollNumber: 'M-21-001-0002-2', score: 31, rank: 140, medal: null, qualified: false, nextLevel: null });
const ABSENT = resultOf(CODES[3], { rollNumber: null, score: null, absent: true, rank: null, medal: null, qualified: false, nextLevel: null });

describe('results on the internal API: what exams-service hands over when a level is published, and its withdrawal (registration-service, FerretDB)', () => {
  let app: INestApplication;
  let http: ReturnType<typeof request>;
  let connection: Connection;
  let notifications: Awaited<ReturnType<typeof startNotifications>>;

  const candidate = async (code: string) => (await http.get(`/internal/candidates/${code}`).set(internal).expect(200)).body.data;
  const putResults = (results: HandedOver[]) => http.put(EXAM_RESULT_PATHS.results).set(internal).send({ results });
  const withdraw = (level: string) => http.post(EXAM_RESULT_PATHS.withdrawal).set(internal).send({ level });
  const outcomesOf = (response: request.Response) => examResultsResponseSchema.parse(response.body).data.outcomes;
  const announced = async (code: string) => [
    ...(await connection.collection('outbox').find({ topic: 'candidate.result-published', key: code }).toArray()),
    ...(await connection.collection('outbox_published').find({ topic: 'candidate.result-published', key: code }).toArray()),
  ];
  const listed = async (query: Record<string, string>) =>
    ((await http.get('/internal/candidates').set(internal).query({ limit: '100', search: 'KBE4100', ...query }).expect(200)).body.data.candidates as { candidateCode: string; level: string }[]).map(
      (row) => [row.candidateCode, row.level],
    );

  beforeAll(async () => {
    const port = await freePort();
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });
    await app.listen(port, '127.0.0.1');
    http = request(app.getHttpServer());
    connection = app.get<Connection>(getConnectionToken());
    const { candidateCode: _seated, ...seat } = examSeatOf(CODES[0]);
    await connection.collection('candidates').insertMany([
      storedCandidate(CODES[0], '9876500091', '9123400091', {
        feesPaid: true,
        receiptNumber: 'R-0091',
        consentStatus: 'given',
        hallTicketReleased: true,
        hallTicketRelease: { releaseId: 'rel-1', eventQueued: true, releasedAt: new Date('2027-01-10T04:30:00Z'), releasedBy: 'admin' },
        seatNumber: seat.rollNumber,
        center: seat.centreName,
        examTime: new Date('2027-01-17T05:00:00Z'),
        examSeat: seat,
      }),
      storedCandidate(CODES[1], '9876500092', undefined, { feesPaid: true, level: 'Mains', results: [], levelHistory: [] }),
      storedCandidate(CODES[2], '9876500093', undefined, { deletedAt: new Date() }),
      storedCandidate(CODES[3], '9876500094'),
      storedCandidate(CODES[4], '9876500095', undefined, { feesPaid: true, certificateReleased: true }),
    ] as never[]);
    await app.get(CandidateDirectoryKeeper).refresh([...CODES]);
    notifications = await startNotifications(env, port);
  }, 180_000);

  afterAll(async () => {
    await notifications?.stop();
    await app?.close();
  });

  it('keeps each result on the live candidate and moves the qualified one on to Advanced, the Mains fee, hall ticket and seat archived', async () => {
    const response = await putResults([QUALIFIED, NOT_QUALIFIED, resultOf(CODES[2]), ABSENT, resultOf('KBE499999ZZZ')]).expect(200);
    expect(outcomesOf(response)).toEqual([
      { candidateCode: CODES[0], outcome: 'published' },
      { candidateCode: CODES[1], outcome: 'published' },
      { candidateCode: CODES[2], outcome: 'not-found' },
      { candidateCode: CODES[3], outcome: 'published' },
      { candidateCode: 'KBE499999ZZZ', outcome: 'not-found' },
    ]);
    const { candidateCode: _code, ...stored } = QUALIFIED;
    const { candidateCode: _seated, ...seat } = examSeatOf(CODES[0]);
    const movedOn = await candidate(CODES[0]);
    expect(movedOn).toMatchObject({ level: 'Advanced', results: [stored], feesPaid: false, receiptNumber: null, hallTicketReleased: false, seatNumber: 'TBA', center: 'TBA', examTime: 'TBA', examSeat: null });
    expect(movedOn.levelHistory).toEqual([
      {
        level: 'Mains',
        feesPaid: true,
        receiptNumber: 'R-0091',
        hallTicketReleased: true,
        hallTicketRelease: { releaseId: 'rel-1', eventQueued: true, releasedAt: '2027-01-10T04:30:00.000Z', releasedBy: 'admin' },
        examSeat: seat,
        seatNumber: 'M-21-001-0001-4',
        center: 'Nashik Centre 1',
        examTime: '2027-01-17T05:00:00.000Z',
      },
    ]);
    // documents-service (and the other replicas' directories) drop their copy of each candidate written
    expect(await connection.collection('outbox').countDocuments({ topic: 'candidate.changed', key: CODES[0] }) + (await connection.collection('outbox_published').countDocuments({ topic: 'candidate.changed', key: CODES[0] }))).toBeGreaterThan(0);
    const stays = await candidate(CODES[1]);
    expect(stays).toMatchObject({ level: 'Mains', feesPaid: true, levelHistory: [] });
    expect(stays.results).toHaveLength(1);
    expect((await candidate(CODES[3])).results[0]).toMatchObject({ absent: true, score: null });
  });

  it('answers unchanged for the same results handed over again (a later publishedAt too), and tells each guardian once', async () => {
    expect(outcomesOf(await putResults([QUALIFIED, NOT_QUALIFIED]).expect(200)).map((row) => row.outcome)).toEqual(['unchanged', 'unchanged']);
    const later = { ...QUALIFIED, publishedAt: '2027-03-02T10:00:00.000Z' };
    expect(outcomesOf(await putResults([later]).expect(200))).toEqual([{ candidateCode: CODES[0], outcome: 'unchanged' }]);
    // moved on once: still one archived level
    expect((await candidate(CODES[0])).levelHistory).toHaveLength(1);
    const events = await announced(CODES[0]);
    expect(events).toHaveLength(1);
    expect(String(events[0]?.['_id'])).toBe(`result-published:Mains:${CODES[0]}:${PUBLISHED_AT}`);
    expect(JSON.parse(String(events[0]?.['value'])).payload).toEqual({
      candidateCode: CODES[0],
      phoneNumber: '9123400091',
      language: 'en',
      level: 'Mains',
      category: 'Sec',
      score: 82.5,
      maxMarks: 100,
      absent: false,
      rank: 2,
      medal: 'silver',
      qualified: true,
      nextLevel: 'Advanced',
      publishedAt: PUBLISHED_AT,
    });
    expect(await announced(CODES[1])).toHaveLength(1);
    // notifications-service texts the guardian's own mobile once, and the absentee's nobody
    const smsTo = (digits: string) => [...notifications.log.matchAll(new RegExp(`SMS to \\*{6}${digits} \\([^)]*\\): [^"\\n]*`, 'g'))].map((match) => match[0]);
    await waitFor(() => smsTo('0092').length > 0 && smsTo('0091').length > 0, { timeoutMs: 60_000, what: 'the result SMS' });
    expect(smsTo('0091')).toEqual(['SMS to ******0091 (GSM-7, result-qualified): KBE Young Scientist: KBE410001RST scored 82.5/100 in Mains, Sec rank 2 (silver medal). Qualified for Advanced: pay the fee through your mentor.']);
    expect(smsTo('0092')[0]).toContain('scored 31/100 in Mains, Sec rank 140. Thank you for taking part');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(smsTo('0091')).toHaveLength(1);
    expect(smsTo('0094')).toEqual([]);
  }, 90_000);

  it('shows the new level in the seating feed and filters the admin list by level', async () => {
    const page = seatingResponseSchema.parse((await http.get(`${EXAM_SEAT_PATHS.seating}?limit=4&after=KBE410000ZZZ`).set(internal).expect(200)).body).data;
    expect(page.candidates.map((c) => [c.candidateCode, c.level, c.feesPaid, c.seatNumber])).toEqual([
      [CODES[0], 'Advanced', false, null],
      [CODES[1], 'Mains', true, null],
      [CODES[3], 'Mains', false, null],
      [CODES[4], 'Mains', true, null],
    ]);
    expect(await listed({ level: 'Advanced' })).toEqual([[CODES[0], 'Advanced']]);
    expect((await listed({ level: 'Mains', sort: 'candidateId' })).map(([code]) => code)).toEqual([CODES[1], CODES[3], CODES[4]]);
    expect((await http.get('/internal/candidates').set(internal).query({ level: 'Final' }).expect(400)).body.message).toContain('level must be Mains, Advanced or Super Advanced');
  });

  it('refuses to withdraw while a candidate who moved on has a fee recorded at Advanced, and says how many', async () => {
    await http.patch(`/internal/candidates/${CODES[0]}/fees-paid`).set(internal).send({ feesPaid: true, receiptNumber: 'R-ADV-1' }).expect(200);
    const refused = await withdraw('Mains').expect(409);
    expect(refused.body.message).toBe('1 candidate who moved on from Mains has a fee, a seat or a hall ticket recorded at Advanced: the results can no longer be withdrawn');
    // nothing changed
    expect((await candidate(CODES[1])).results).toHaveLength(1);
    await http.patch(`/internal/candidates/${CODES[0]}/fees-paid`).set(internal).send({ feesPaid: false, receiptNumber: null }).expect(200);
  });

  it('withdraws the level: the results go and the candidate who moved on is back at Mains with its fee, hall ticket and seat', async () => {
    const response = await withdraw('Mains').expect(200);
    expect(resultsWithdrawalResponseSchema.parse(response.body).data).toEqual({ withdrawn: 3 });
    const back = await candidate(CODES[0]);
    expect(back).toMatchObject({
      level: 'Mains',
      results: [],
      levelHistory: [],
      feesPaid: true,
      receiptNumber: 'R-0091',
      hallTicketReleased: true,
      seatNumber: 'M-21-001-0001-4',
      center: 'Nashik Centre 1',
      examTime: '2027-01-17T10:30:00+05:30',
      examSeat: { rollNumber: 'M-21-001-0001-4', room: 'Room 1' },
    });
    expect((await candidate(CODES[1])).results).toEqual([]);
    expect(await listed({ level: 'Advanced' })).toEqual([]);
    // a second withdrawal finds nothing to take back
    expect((await withdraw('Mains').expect(200)).body.data).toEqual({ withdrawn: 0 });
  });

  it('refuses to withdraw a level whose certificates are out', async () => {
    expect(outcomesOf(await putResults([resultOf(CODES[4], { publishedAt: '2027-03-05T10:00:00.000Z' })]).expect(200))).toEqual([{ candidateCode: CODES[4], outcome: 'published' }]);
    expect((await candidate(CODES[4])).level).toBe('Advanced');
    const refused = await withdraw('Mains').expect(409);
    expect(refused.body.message).toBe('Certificates of Mains are already released: the results can no longer be withdrawn');
    expect((await candidate(CODES[4])).level).toBe('Advanced');
  });

  it('refuses malformed requests, and callers without the internal token', async () => {
    const tooHigh = await putResults([resultOf(CODES[0], { rank: 0 })]).expect(400);
    expect(JSON.stringify(tooHigh.body)).toContain('rank');
    expect((await withdraw('Final').expect(400)).body.message).toContain('Level must be Mains, Advanced or Super Advanced');
    await http.put(EXAM_RESULT_PATHS.results).send({ results: [] }).expect(401);
    await http.post(EXAM_RESULT_PATHS.withdrawal).send({ level: 'Mains' }).expect(401);
  });
});
