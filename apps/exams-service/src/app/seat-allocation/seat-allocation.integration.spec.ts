import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  examSeatsRequestSchema,
  seatingQuerySchema,
  type CentreInput,
  type Seat,
  type SeatAllocationJob,
  type SeatingCandidate,
} from '@kbe/contracts';
import { loadConfig } from '@kbe/server-config';
import { adminTokenFor, isolatedInfraEnv } from '@kbe/server-testing';
import { createServiceApp } from '@kbe/server-bootstrap';
import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { isValidRollNumber } from '../allocation/roll-number';
import { AppModule } from '../app.module';
import { examsEnvSchema, LARGE_JSON_BODIES, SERVICE_NAME } from '../exams.config';

/**
 * registration-service's seating API as its contract states it (the request schemas of
 * @kbe/contracts refuse anything else): the candidates below, and the seats handed over.
 */
class RegistrationSeatingServer {
  readonly candidates: SeatingCandidate[] = [];
  readonly received: Seat[] = [];
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        const answer = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
        if (req.headers['x-internal-token'] !== config.INTERNAL_API_TOKEN) return answer(401, { message: 'Internal API token required' });
        if (req.method === 'GET' && url.pathname === '/internal/candidates/seating') {
          const query = seatingQuerySchema.parse(Object.fromEntries(url.searchParams));
          const after = this.candidates.filter((c) => query.after === undefined || c.candidateCode > query.after).sort((a, b) => (a.candidateCode < b.candidateCode ? -1 : 1));
          const page = after.slice(0, query.limit);
          return answer(200, { success: true, data: { candidates: page, next: page.length === query.limit ? (page.at(-1)?.candidateCode ?? null) : null } });
        }
        if (req.method === 'PUT' && url.pathname === '/internal/candidates/seats') {
          const { seats } = examSeatsRequestSchema.parse(JSON.parse(body));
          this.received.push(...seats);
          const results = seats.map((seat) => {
            const candidate = this.candidates.find((c) => c.candidateCode === seat.candidateCode);
            if (candidate) Object.assign(candidate, { rollNumber: seat.rollNumber, seatNumber: seat.rollNumber });
            return { candidateCode: seat.candidateCode, outcome: candidate ? 'assigned' : 'not-found' };
          });
          return answer(200, { success: true, data: { results } });
        }
        return answer(404, { message: 'Not found' });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const registration = new RegistrationSeatingServer();
const env = isolatedInfraEnv({ EDITION_YEAR: '2026' });
const config = loadConfig(examsEnvSchema, env);
const token = adminTokenFor(env);
const viewerToken = adminTokenFor(env, 'it-viewer', 'viewer');

const pupil = (n: number, fields: Partial<SeatingCandidate> = {}): SeatingCandidate => ({
  candidateCode: `KBE5000${String(n).padStart(2, '0')}SEA`,
  level: 'Mains',
  category: 'Prime',
  district: 'Nashik',
  taluka: 'Niphad',
  schoolCode: n % 2 ? 'SCH-AAAAAA' : 'SCH-BBBBBB',
  feesPaid: true,
  consent: 'given',
  hallTicketReleased: false,
  seatNumber: null,
  rollNumber: null,
  ...fields,
});

const centre = (code: string, district: string, taluka: string, rooms: CentreInput['rooms']): CentreInput => ({
  code,
  name: `Centre ${code}`,
  address: `College road, ${district}`,
  district,
  taluka,
  contact: '9876543210',
  rooms,
  sittings: [{ level: 'Mains', category: 'Prime', date: '2027-01-17', startTime: '10:30', reportingTime: '09:45' }],
});

describe('seat allocation: /api/admin/seat-allocation (exams-service, FerretDB; registration-service as its contract states)', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const asAdmin = <T extends { set: (name: string, value: string) => T }>(test: T): T => test.set('Authorization', `Bearer ${token}`);

  async function allocate(body: object): Promise<SeatAllocationJob> {
    const started = await asAdmin(http().post('/api/admin/seat-allocation')).send(body).expect(202);
    expect(started.body.data).toMatchObject({ status: 'queued', level: 'Mains' });
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const job: SeatAllocationJob = (await asAdmin(http().get(`/api/admin/seat-allocation/${started.body.data.id}`)).expect(200)).body.data;
      if (job.status === 'completed' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the allocation did not finish within 30 s');
  }

  beforeAll(async () => {
    const withRegistration = { ...config, REGISTRATION_SERVICE_URL: await registration.start() };
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(withRegistration), config: withRegistration, largeJsonBodies: LARGE_JSON_BODIES });
    await app.init();
    // eight Prime pupils of Niphad (two schools), one unpaid, one without consent, one seated by hand, one Sec (no Sec paper anywhere)
    registration.candidates.push(
      ...Array.from({ length: 8 }, (_, i) => pupil(i + 1)),
      pupil(9, { feesPaid: false }),
      pupil(10, { consent: 'pending' }),
      pupil(11, { seatNumber: 'HALL-7' }),
      pupil(12, { category: 'Sec' }),
    );
  }, 60_000);
  afterAll(async () => {
    await app?.get<Connection>(getConnectionToken()).dropDatabase();
    await app?.close();
    await registration.stop();
  });

  it('without an admin token answers 401; a viewer may read a job but not start one (403)', async () => {
    await http().post('/api/admin/seat-allocation').send({ level: 'Mains' }).expect(401);
    await http().get('/api/admin/seat-allocation/6f1c1f5e-8d4a-4f55-9a43-3d2f7f0d2a11').expect(401);
    await http().post('/api/admin/seat-allocation').set('Authorization', `Bearer ${viewerToken}`).send({ level: 'Mains' }).expect(403);
  });

  it('refuses a malformed request with a precise message, and answers 404 for an unknown job', async () => {
    const badLevel = await asAdmin(http().post('/api/admin/seat-allocation')).send({ level: 'Finals' }).expect(400);
    expect(JSON.stringify(badLevel.body)).toContain('Level must be Mains, Advanced or Super Advanced');
    const badFlag = await asAdmin(http().post('/api/admin/seat-allocation')).send({ level: 'Mains', dryRun: 'yes' }).expect(400);
    expect(JSON.stringify(badFlag.body)).toContain('dryRun must be true or false');
    await asAdmin(http().get('/api/admin/seat-allocation/not-a-uuid')).expect(400);
    const unknown = await asAdmin(http().get('/api/admin/seat-allocation/6f1c1f5e-8d4a-4f55-9a43-3d2f7f0d2a11')).expect(404);
    expect(unknown.body.message).toBe('Seat allocation job not found');
  });

  it('a dry run reports the plan per room and every unseated candidate with the reason, and stores nothing', async () => {
    await asAdmin(http().post('/api/admin/centres')).send(centre('NSK01', 'Nashik', 'Niphad', [{ name: 'R1', capacity: 3 }, { name: 'R2', capacity: 3 }])).expect(201);
    await asAdmin(http().post('/api/admin/centres')).send(centre('PUN01', 'Pune', 'Haveli', [{ name: 'R1', capacity: 1 }])).expect(201);
    const job = await allocate({ level: 'Mains', dryRun: true });
    expect(job).toMatchObject({ status: 'completed', dryRun: true, total: 10, processed: 10, percent: 100, seated: 7, kept: { allocated: 0, manual: 1 }, error: null });
    expect(job.rooms.map((room) => [room.centreCode, room.room, room.used, room.capacity])).toEqual([
      ['NSK01', 'R1', 3, 3],
      ['NSK01', 'R2', 3, 3],
      ['PUN01', 'R1', 1, 1],
    ]);
    expect(job.unseated).toEqual({
      count: 2,
      items: [
        { candidateCode: 'KBE500008SEA', reason: 'no-room-in-taluka-district-or-nearby' },
        { candidateCode: 'KBE500012SEA', reason: 'no-sitting-for-category' },
      ],
    });
    expect(registration.received).toEqual([]);
  });

  it('seats them, hands the seats over with valid roll numbers, and seats nobody again on a re-run', async () => {
    const job = await allocate({ level: 'Mains' });
    expect(job).toMatchObject({ status: 'completed', dryRun: false, seated: 7, processed: 10, kept: { allocated: 0, manual: 1 } });
    expect(registration.received).toHaveLength(7);
    expect(registration.received.every((seat) => isValidRollNumber(seat.rollNumber))).toBe(true);
    expect(new Set(registration.received.map((seat) => seat.rollNumber)).size).toBe(7);
    // Niphad's pupils sit in Niphad; the one more goes to the nearest district with room
    expect(registration.received.filter((seat) => seat.centreCode === 'NSK01')).toHaveLength(6);
    expect(registration.received.find((seat) => seat.centreCode === 'PUN01')).toMatchObject({ centreName: 'Centre PUN01', centreAddress: 'College road, Pune', room: 'R1', seatInRoom: 1, reportingTime: '09:45' });

    const again = await allocate({ level: 'Mains' });
    expect(again).toMatchObject({ status: 'completed', seated: 0, kept: { allocated: 7, manual: 1 } });
    expect(registration.received).toHaveLength(7);
  });

  it('with more room, a later run seats only the unseated and moves nobody', async () => {
    const before = new Map(registration.received.map((seat) => [seat.candidateCode, seat.rollNumber]));
    await asAdmin(http().put('/api/admin/centres/PUN01')).send(centre('PUN01', 'Pune', 'Haveli', [{ name: 'R1', capacity: 2 }])).expect(200);
    const job = await allocate({ level: 'Mains' });
    expect(job).toMatchObject({ seated: 1, kept: { allocated: 7, manual: 1 }, unseated: { count: 1 } });
    expect(registration.received.slice(7).map((seat) => [seat.candidateCode, seat.centreCode, seat.seatInRoom])).toEqual([['KBE500008SEA', 'PUN01', 2]]);
    for (const [code, roll] of before) expect(registration.candidates.find((c) => c.candidateCode === code)?.rollNumber).toBe(roll);
  });

  describe('attendance after the paper', () => {
    const rollsIn = (room: string) => registration.received.filter((seat) => seat.centreCode === 'NSK01' && seat.room === room).sort((a, b) => a.seatInRoom - b.seatInRoom).map((seat) => seat.rollNumber);

    it('lists the rooms with every seat unmarked, then records a room: the listed roll numbers absent, the rest present', async () => {
      const rooms = (await asAdmin(http().get('/api/admin/centres/NSK01/attendance?level=Mains')).expect(200)).body.data;
      expect(rooms.map((room: { room: string; seats: unknown[]; present: number; absent: number }) => [room.room, room.seats.length, room.present, room.absent])).toEqual([
        ['R1', 3, 0, 0],
        ['R2', 3, 0, 0],
      ]);
      const [absentee] = rollsIn('R1');
      const marked = (await asAdmin(http().put('/api/admin/centres/nsk01/attendance')).send({ level: 'Mains', room: 'r1', absentRollNumbers: [absentee] }).expect(200)).body.data;
      expect({ present: marked.present, absent: marked.absent, first: marked.seats[0] }).toEqual({ present: 2, absent: 1, first: expect.objectContaining({ rollNumber: absentee, absent: true }) });
    });

    it('refuses a roll number of another room, an unknown room and an unknown centre', async () => {
      const fromR2 = rollsIn('R2')[0];
      const stranger = await asAdmin(http().put('/api/admin/centres/NSK01/attendance')).send({ level: 'Mains', room: 'R1', absentRollNumbers: [fromR2] }).expect(422);
      expect(stranger.body.message).toBe(`Not seated in room R1: ${fromR2}`);
      const noRoom = await asAdmin(http().put('/api/admin/centres/NSK01/attendance')).send({ level: 'Mains', room: 'Lab', absentRollNumbers: [] }).expect(404);
      expect(noRoom.body.message).toBe('Room Lab has no Mains seats at centre NSK01');
      await asAdmin(http().get('/api/admin/centres/XYZ99/attendance?level=Mains')).expect(404);
      await http().put('/api/admin/centres/NSK01/attendance').send({}).expect(401);
    });

    it('imports the invigilators list: a dry run names each wrong line, a list with one stores nothing, a clean one stores its marks', async () => {
      const [first, second] = rollsIn('R2');
      const csv = (lines: string[]) => ['rollNumber,absent', ...lines].join('\n');
      const checked = (await asAdmin(http().post('/api/admin/centres/NSK01/attendance/import')).send({ level: 'Mains', dryRun: true, csv: csv([`${first},yes`, `${second},maybe`, 'M-99-999-9999-9,no', `${first},no`]) }).expect(200)).body.data;
      expect(checked).toEqual({
        dryRun: true,
        marked: 1,
        unchanged: 0,
        problems: [
          { line: 3, field: 'absent', message: 'absent must be yes or no' },
          { line: 4, field: 'rollNumber', message: 'Not a Mains roll number of centre NSK01' },
          { line: 5, field: 'rollNumber', message: 'This roll number is already on line 2' },
        ],
      });
      const refused = (await asAdmin(http().post('/api/admin/centres/NSK01/attendance/import')).send({ level: 'Mains', dryRun: false, csv: csv([`${first},yes`, `${second},maybe`]) }).expect(200)).body.data;
      expect({ marked: refused.marked, problems: refused.problems.length }).toEqual({ marked: 0, problems: 1 });
      const imported = (await asAdmin(http().post('/api/admin/centres/NSK01/attendance/import')).send({ level: 'Mains', dryRun: false, csv: csv([`${first},yes`, `${second},no`]) }).expect(200)).body.data;
      expect(imported).toEqual({ dryRun: false, marked: 2, unchanged: 0, problems: [] });
      const room = (await asAdmin(http().get('/api/admin/centres/NSK01/attendance?level=Mains')).expect(200)).body.data[1];
      expect({ room: room.room, present: room.present, absent: room.absent }).toEqual({ room: 'R2', present: 1, absent: 1 });
    });

    it('counts a roll number listed twice once, and refuses a list over 1 MB with its own message', async () => {
      const [absentee] = rollsIn('R1');
      const marked = (await asAdmin(http().put('/api/admin/centres/NSK01/attendance')).send({ level: 'Mains', room: 'R1', absentRollNumbers: [absentee, absentee] }).expect(200)).body.data;
      expect(marked.absent).toBe(1);
      const huge = await asAdmin(http().post('/api/admin/centres/NSK01/attendance/import')).send({ level: 'Mains', dryRun: true, csv: 'x'.repeat(1_000_001) }).expect(400);
      expect(huge.body.message).toBe('The CSV is larger than 1 MB: split it by room');
    });

    it('a centre with seats cannot be deleted (409)', async () => {
      const refused = await asAdmin(http().delete('/api/admin/centres/NSK01')).expect(409);
      expect(refused.body.message).toBe('Centre NSK01 has seats allocated: re-seat its candidates elsewhere before deleting it');
    });
  });
});
