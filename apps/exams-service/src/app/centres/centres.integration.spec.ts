import type { CentreInput } from '@kbe/contracts';
import { loadConfig } from '@kbe/server-config';
import { adminTokenFor, isolatedInfraEnv, useServiceApp } from '@kbe/server-testing';
import request from 'supertest';
import { AppModule } from '../app.module';
import { examsEnvSchema, LARGE_JSON_BODIES, SERVICE_NAME } from '../exams.config';

const env = isolatedInfraEnv({ EDITION_YEAR: '2026' });
const config = loadConfig(examsEnvSchema, env);
const token = adminTokenFor(env);
const viewerToken = adminTokenFor(env, 'it-viewer', 'viewer');

const centre = (code: string, overrides: Partial<CentreInput> = {}): CentreInput => ({
  code,
  name: `Centre ${code.toUpperCase()}`,
  address: 'Main road, near the bus stand',
  district: 'Nashik',
  taluka: 'Niphad',
  contact: '9876543210',
  rooms: [
    { name: 'R1', capacity: 30 },
    { name: 'R2', capacity: 40 },
  ],
  sittings: [{ level: 'Mains', category: 'Prime', date: '2026-01-18', startTime: '10:30', reportingTime: '09:30' }],
  ...overrides,
});

const CSV_HEADER = 'code,name,address,district,taluka,contact,room,capacity,sittings';

describe('centres: /api/admin/centres', () => {
  const app = useServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config, largeJsonBodies: LARGE_JSON_BODIES });
  const http = () => request(app().getHttpServer());
  const asAdmin = <T extends { set: (name: string, value: string) => T }>(test: T): T => test.set('Authorization', `Bearer ${token}`);

  describe('without an admin token', () => {
    it.each([
      ['post', '/api/admin/centres'],
      ['get', '/api/admin/centres'],
      ['get', '/api/admin/centres/NSK01'],
      ['put', '/api/admin/centres/NSK01'],
      ['delete', '/api/admin/centres/NSK01'],
      ['post', '/api/admin/centres/import'],
    ] as const)('%s %s answers 401', async (method, path) => {
      const response = await http()[method](path).send({}).expect(401);
      expect(response.body).toMatchObject({ statusCode: 401 });
      expect(JSON.stringify(response.body)).not.toMatch(/\bat \w+ \(/);
    });

    it('a viewer may list but not add a centre (403)', async () => {
      await http().get('/api/admin/centres').set('Authorization', `Bearer ${viewerToken}`).expect(200);
      await http().post('/api/admin/centres').set('Authorization', `Bearer ${viewerToken}`).send(centre('VIEW1')).expect(403);
    });
  });

  describe('create, get, list, update, delete', () => {
    it('adds a centre with the next number and its timestamps (201), and refuses its code again (409)', async () => {
      const first = await asAdmin(http().post('/api/admin/centres')).send(centre('nsk01')).expect(201);
      expect(first.body).toMatchObject({ success: true, data: { code: 'NSK01', number: 1, name: 'Centre NSK01', rooms: [{ name: 'R1', capacity: 30 }, { name: 'R2', capacity: 40 }] } });
      expect(Date.parse(first.body.data.createdAt)).not.toBeNaN();
      expect(first.body.data.updatedAt).toBe(first.body.data.createdAt);

      const second = await asAdmin(http().post('/api/admin/centres')).send(centre('NSK02', { district: 'Pune', taluka: 'Haveli', name: 'Zilla Parishad School' })).expect(201);
      expect(second.body.data.number).toBe(2);

      const duplicate = await asAdmin(http().post('/api/admin/centres')).send(centre('NSK01')).expect(409);
      expect(duplicate.body).toEqual({ statusCode: 409, message: 'A centre with code NSK01 already exists' });
    });

    it('never issues a deleted centre\'s number again', async () => {
      await asAdmin(http().post('/api/admin/centres')).send(centre('TMP01')).expect(201);
      await asAdmin(http().delete('/api/admin/centres/TMP01')).expect(200);
      const next = await asAdmin(http().post('/api/admin/centres')).send(centre('AUR01', { district: 'Aurangabad', taluka: 'Paithan' })).expect(201);
      expect(next.body.data.number).toBe(4);
    });

    it('gets a centre by code in any case, 404 for an unknown code, 400 for a malformed one', async () => {
      const found = await asAdmin(http().get('/api/admin/centres/nsk01')).expect(200);
      expect(found.body.data).toMatchObject({ code: 'NSK01', number: 1 });
      const missing = await asAdmin(http().get('/api/admin/centres/XYZ99')).expect(404);
      expect(missing.body).toEqual({ statusCode: 404, message: 'Centre XYZ99 not found' });
      const malformed = await asAdmin(http().get('/api/admin/centres/a-b')).expect(400);
      expect(malformed.body.message).toBe('Centre code must be 3 to 10 letters or digits, e.g. NSK01');
    });

    it('lists centres sorted by code with pagination, searches code, name, district and taluka, filters by district', async () => {
      const all = await asAdmin(http().get('/api/admin/centres')).expect(200);
      expect(all.body.data.map((c: { code: string }) => c.code)).toEqual(['AUR01', 'NSK01', 'NSK02']);
      expect(all.body.pagination).toEqual({ current: 1, pages: 1, total: 3 });

      const paged = await asAdmin(http().get('/api/admin/centres?page=2&limit=2')).expect(200);
      expect(paged.body.data.map((c: { code: string }) => c.code)).toEqual(['NSK02']);
      expect(paged.body.pagination).toEqual({ current: 2, pages: 2, total: 3 });

      const codes = async (query: string) =>
        (await asAdmin(http().get(`/api/admin/centres?${query}`)).expect(200)).body.data.map((c: { code: string }) => c.code);
      expect(await codes('search=nsk')).toEqual(['NSK01', 'NSK02']);
      expect(await codes('search=zilla')).toEqual(['NSK02']);
      expect(await codes('search=pun')).toEqual(['NSK02']);
      expect(await codes('search=paith')).toEqual(['AUR01']);
      expect(await codes('district=nashik')).toEqual(['NSK01']);
      expect(await codes('district=Nashik&search=nsk02')).toEqual([]);
    });

    it('refuses a limit over 100 and an unknown query parameter (400)', async () => {
      const limit = await asAdmin(http().get('/api/admin/centres?limit=101')).expect(400);
      expect(limit.body.message).toBe('limit must be a whole number between 1 and 100');
      const unknown = await asAdmin(http().get('/api/admin/centres?sort=name')).expect(400);
      expect(unknown.body.message).toBe('Unknown query parameter: sort');
    });

    it('replaces a centre with the path code, keeping its number and createdAt', async () => {
      const before = (await asAdmin(http().get('/api/admin/centres/NSK01')).expect(200)).body.data;
      const withoutCode: Partial<CentreInput> = centre('NSK01', { name: 'New name', rooms: [{ name: 'Hall', capacity: 120 }] });
      delete withoutCode.code;
      const updated = await asAdmin(http().put('/api/admin/centres/NSK01')).send(withoutCode).expect(200);
      expect(updated.body.data).toMatchObject({ code: 'NSK01', number: 1, name: 'New name', rooms: [{ name: 'Hall', capacity: 120 }], createdAt: before.createdAt });
      expect(Date.parse(updated.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
      await asAdmin(http().put('/api/admin/centres/nsk01')).send(centre('NSK01')).expect(200);
    });

    it('refuses a body code other than the path code (422), and 404 for an unknown centre', async () => {
      const mismatch = await asAdmin(http().put('/api/admin/centres/NSK01')).send(centre('NSK02')).expect(422);
      expect(mismatch.body.message).toBe('Centre code NSK02 in the body does not match NSK01 in the path');
      expect(mismatch.body.errors).toEqual([expect.objectContaining({ field: 'code' })]);
      const missing = await asAdmin(http().put('/api/admin/centres/XYZ99')).send(centre('XYZ99')).expect(404);
      expect(missing.body.message).toBe('Centre XYZ99 not found');
    });

    it('deletes a centre (200 with a message), then 404', async () => {
      await asAdmin(http().delete('/api/admin/centres/AUR01')).expect(200);
      await asAdmin(http().get('/api/admin/centres/AUR01')).expect(404);
      const again = await asAdmin(http().delete('/api/admin/centres/AUR01')).expect(404);
      expect(again.body.message).toBe('Centre AUR01 not found');
    });
  });

  describe('a centre is refused with the field and the contract\'s message: 422 for fields that break a rule together, 400 for a malformed one', () => {
    it('two sittings of a shared room within the paper\'s length overlap', async () => {
      const response = await asAdmin(http().post('/api/admin/centres'))
        .send(
          centre('OVL01', {
            sittings: [
              { level: 'Mains', category: 'Prime', date: '2026-01-18', startTime: '10:30', reportingTime: '09:30' },
              { level: 'Mains', category: 'Sec', date: '2026-01-18', startTime: '11:30', reportingTime: '11:00', rooms: ['R2'] },
            ],
          }),
        )
        .expect(422);
      expect(response.body.errors).toEqual([
        expect.objectContaining({ field: 'sittings.1', message: 'Sitting 2 (Mains Sec, 2026-01-18 11:30) overlaps sitting 1 in a shared room' }),
      ]);
      expect(response.body.message).toBe('Sitting 2 (Mains Sec, 2026-01-18 11:30) overlaps sitting 1 in a shared room');
    });

    it('a sitting names a room the centre does not have', async () => {
      const response = await asAdmin(http().post('/api/admin/centres'))
        .send(centre('UNK01', { sittings: [{ level: 'Advanced', category: 'High', date: '2026-02-01', startTime: '14:00', reportingTime: '13:00', rooms: ['Lab'] }] }))
        .expect(422);
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'sittings.0.rooms', message: "Room Lab is not one of the centre's rooms" })]);
    });

    it('a room of capacity 0', async () => {
      const response = await asAdmin(http().post('/api/admin/centres')).send(centre('CAP01', { rooms: [{ name: 'R1', capacity: 0 }] })).expect(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'rooms.0.capacity', message: 'Capacity must be at least 1' })]);
    });

    it('no body, an unknown field, a wrong type: precise messages, never a stack trace', async () => {
      const empty = await asAdmin(http().post('/api/admin/centres')).expect(400);
      expect(empty.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'code', message: 'Centre code is required' })]));
      const unknown = await asAdmin(http().post('/api/admin/centres')).send({ ...centre('EXT01'), seats: 3 }).expect(400);
      expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'body' })]);
      const wrongType = await asAdmin(http().post('/api/admin/centres')).send(centre('TYP01', { rooms: 'R1' as never })).expect(400);
      expect(wrongType.body.message).toBe('Rooms must be a list');
      const json = await asAdmin(http().post('/api/admin/centres')).set('Content-Type', 'application/json').send('{"code":').expect(400);
      expect(json.body).toEqual({ statusCode: 400, message: 'Malformed JSON body' });
    });
  });

  describe('import', () => {
    const goodCsv = [
      CSV_HEADER,
      'PUN01,Pune Centre,"Shivaji Nagar, Pune",Pune,Haveli,9876543210,R1,30,"Mains|Prime|2026-01-18|10:30|09:30,Mains|Sec|2026-01-18|14:00|13:30|R2"',
      'PUN01,Pune Centre,"Shivaji Nagar, Pune",Pune,Haveli,9876543210,R2,25,"Mains|Prime|2026-01-18|10:30|09:30,Mains|Sec|2026-01-18|14:00|13:30|R2"',
      'pun02,Baramati Centre,Station road,Pune,Baramati,9876543211,Hall,100,',
    ].join('\n');

    it('a dry run reports every problem by line and column and stores nothing', async () => {
      const csv = [
        CSV_HEADER,
        'BAD01,Bad Centre,Road,Thane,Kalyan,98765,R1,0,"Mains|Prime|2026-01-18|10:30|09:30"',
        'BAD01,Bad Centre,Other road,Thane,Kalyan,98765,R1,abc,"Mains|Prime|2026-01-18|10:30|09:30"',
        'BAD02,Overlap,Road,Thane,Kalyan,9876543210,R1,10,"Mains|Prime|2026-01-18|10:30|09:30,Advanced|High|2026-01-18|11:00|10:30|R1"',
        'BAD03,Unknown room,Road,Thane,Kalyan,9876543210,R1,10,"Mains|Prime|2026-01-18|10:30|09:30|Lab,Mains|Sec|2026-01-19"',
        ',No code,Road,Thane,Kalyan,9876543210,R1,10,',
        ...goodCsv.split('\n').slice(1),
      ].join('\r\n');
      const response = await asAdmin(http().post('/api/admin/centres/import')).send({ csv, dryRun: true }).expect(200);
      expect(response.body.data).toEqual({
        dryRun: true,
        created: 2,
        updated: 0,
        unchanged: 0,
        invalid: 4,
        problems: [
          { line: 2, field: 'contact', message: 'Contact must be a 10-digit mobile number' },
          { line: 2, field: 'capacity', message: 'Capacity must be at least 1' },
          { line: 3, field: 'address', message: 'Address differs from line 2 of centre BAD01' },
          { line: 3, field: 'capacity', message: 'Capacity must be a whole number' },
          { line: 4, field: 'sittings', message: 'Sitting 2 (Advanced High, 2026-01-18 11:00) overlaps sitting 1 in a shared room' },
          { line: 5, field: 'sittings', message: 'Sitting 2 must be written level|category|date|startTime|reportingTime[|room;room]' },
          { line: 5, field: 'sittings', message: "Sitting 1: Room Lab is not one of the centre's rooms" },
          { line: 6, field: 'code', message: 'Centre code must be 3 to 10 letters or digits, e.g. NSK01' },
        ],
      });
      await asAdmin(http().get('/api/admin/centres/PUN01')).expect(404);
    });

    it('imports the valid centres, and the same file again changes nothing', async () => {
      const first = await asAdmin(http().post('/api/admin/centres/import')).send({ csv: goodCsv, dryRun: false }).expect(200);
      expect(first.body.data).toEqual({ dryRun: false, created: 2, updated: 0, unchanged: 0, invalid: 0, problems: [] });
      const stored = (await asAdmin(http().get('/api/admin/centres/PUN01')).expect(200)).body.data;
      expect(stored).toMatchObject({
        code: 'PUN01',
        address: 'Shivaji Nagar, Pune',
        rooms: [{ name: 'R1', capacity: 30 }, { name: 'R2', capacity: 25 }],
        sittings: [
          { level: 'Mains', category: 'Prime', date: '2026-01-18', startTime: '10:30', reportingTime: '09:30' },
          { level: 'Mains', category: 'Sec', date: '2026-01-18', startTime: '14:00', reportingTime: '13:30', rooms: ['R2'] },
        ],
      });
      expect(stored.sittings[0]).not.toHaveProperty('rooms');

      const again = await asAdmin(http().post('/api/admin/centres/import')).send({ csv: goodCsv, dryRun: false }).expect(200);
      expect(again.body.data).toEqual({ dryRun: false, created: 0, updated: 0, unchanged: 2, invalid: 0, problems: [] });
      const after = (await asAdmin(http().get('/api/admin/centres/PUN01')).expect(200)).body.data;
      expect(after).toEqual(stored);
    });

    it('updates a changed centre and keeps its number', async () => {
      const before = (await asAdmin(http().get('/api/admin/centres/PUN02')).expect(200)).body.data;
      const changed = goodCsv.replace('Hall,100,', 'Hall,120,');
      const response = await asAdmin(http().post('/api/admin/centres/import')).send({ csv: changed, dryRun: false }).expect(200);
      expect(response.body.data).toMatchObject({ created: 0, updated: 1, unchanged: 1, invalid: 0 });
      const after = (await asAdmin(http().get('/api/admin/centres/PUN02')).expect(200)).body.data;
      expect(after).toMatchObject({ number: before.number, rooms: [{ name: 'Hall', capacity: 120 }] });
    });

    it('refuses a file it cannot import with a clear message', async () => {
      const header = await asAdmin(http().post('/api/admin/centres/import')).send({ csv: 'code,name\nX,Y', dryRun: true }).expect(422);
      expect(header.body.message).toMatch(/^The header line must name the columns code,name,address,district,taluka,contact,room,capacity,sittings \(missing address/);
      const body = await asAdmin(http().post('/api/admin/centres/import')).send({ csv: CSV_HEADER }).expect(400);
      expect(body.body.message).toBe('dryRun must be true or false');
      const noRows = await asAdmin(http().post('/api/admin/centres/import')).send({ csv: CSV_HEADER, dryRun: true }).expect(422);
      expect(noRows.body.message).toBe('The CSV has no centres: a header line and at least one room line are needed');
      const line = 'LNG01,Long,Road,Pune,Haveli,9876543210,R1,10,';
      const tooMany = await asAdmin(http().post('/api/admin/centres/import')).send({ csv: [CSV_HEADER, ...Array(5000).fill(line)].join('\n'), dryRun: true }).expect(422);
      expect(tooMany.body.message).toBe('The CSV has more than 5,000 lines: split it into smaller files');
      const large = `${CSV_HEADER}\n${'X'.repeat(2 * 1024 * 1024)}`;
      const tooLarge = await asAdmin(http().post('/api/admin/centres/import')).send({ csv: large, dryRun: true }).expect(413);
      expect(tooLarge.body.message).toBe('The CSV is larger than 2 MB: split it into smaller files');
    });
  });
});
