import { databaseName } from '@kbe/server-database';
import { isolatedInfraEnv } from '@kbe/server-testing';
import { ObjectId } from 'mongodb';
import mongoose, { type Connection } from 'mongoose';
import type { Clock } from '../common/clock';
import { MongoAuditEntryRepository } from './audit-entry.repository';
import {
  AuditCounterDocument,
  AuditCounterSchema,
  AuditEntryDocument,
  AuditEntrySchema,
  AuditPostingDocument,
  AuditPostingSchema,
} from './audit-entry.schema';
import { AuditLog } from './audit-log';
import { LEGACY_AUDIT_COLLECTION, type LegacyAuditEntry } from './legacy-audit-log.migration';

/** The audit log against the real MongoDB-wire server: pages, totals and filters from `_id` reads only. */
describe('AuditLog against the real database', () => {
  const env = isolatedInfraEnv();
  const connections: Connection[] = [];

  /** A started service's audit log over its own database; `at` one second later at each entry. */
  async function startedLog(database: string, from = new Date('2026-11-20T09:00:00Z')) {
    const connection = await mongoose.createConnection(env['MONGODB_URI'] ?? '', { dbName: databaseName(env.MONGODB_DB_PREFIX, database) }).asPromise();
    connections.push(connection);
    let tick = 0;
    const clock: Clock = { now: () => new Date(from.getTime() + 1000 * tick++) };
    const repository = new MongoAuditEntryRepository(
      connection.model<AuditEntryDocument>(AuditEntryDocument.name, AuditEntrySchema),
      connection.model<AuditPostingDocument>(AuditPostingDocument.name, AuditPostingSchema),
      connection.model<AuditCounterDocument>(AuditCounterDocument.name, AuditCounterSchema),
      connection,
    );
    await repository.onModuleInit();
    return { connection, repository, audit: new AuditLog(repository, clock, { trustedProxyHops: 0 }) };
  }

  const chief = { username: 'chief', role: 'admin' as const };
  const watcher = { username: 'watcher', role: 'viewer' as const };
  const targetsOf = (page: Awaited<ReturnType<AuditLog['list']>>) => page.entries.map((entry) => entry.target.id);

  afterAll(async () => {
    for (const connection of connections) {
      await connection.dropDatabase().catch(() => undefined);
      await connection.close();
    }
  });

  it('pages newest first with exact totals, unfiltered, by each filter and by two at once', async () => {
    const { audit } = await startedLog('audit-pages');
    // 45 fee markings KBE000001..KBE000045: every third by the watcher; every fifth an SMS instead.
    for (let n = 1; n <= 45; n += 1) {
      await audit.record(n % 3 === 0 ? watcher : chief, '203.0.113.7', {
        action: n % 5 === 0 ? 'sms.send' : 'candidate.fees',
        target: { type: 'candidate', id: `KBE${String(n).padStart(6, '0')}` },
        details: { n },
      });
    }
    const codes = (...numbers: number[]) => numbers.map((n) => `KBE${String(n).padStart(6, '0')}`);
    const range = (high: number, low: number) => Array.from({ length: high - low + 1 }, (_, i) => high - i);

    const first = await audit.list({ limit: 20 });
    expect(targetsOf(first)).toEqual(codes(...range(45, 26)));
    expect(first.pagination).toEqual({ current: 1, pages: 3, total: 45 });
    expect(first.entries[0]).toMatchObject({ actor: 'watcher', role: 'viewer', action: 'sms.send', ip: '203.0.113.7', details: { n: 45 } });
    expect(targetsOf(await audit.list({ limit: 20, page: 3 }))).toEqual(codes(5, 4, 3, 2, 1));
    expect((await audit.list({ limit: 20, page: 4 })).entries).toEqual([]);

    const byWatcher = await audit.list({ actor: 'watcher', limit: 10 });
    expect(byWatcher.pagination).toEqual({ current: 1, pages: 2, total: 15 });
    expect(targetsOf(byWatcher)).toEqual(codes(45, 42, 39, 36, 33, 30, 27, 24, 21, 18));
    expect(targetsOf(await audit.list({ actor: 'watcher', limit: 10, page: 2 }))).toEqual(codes(15, 12, 9, 6, 3));

    const sms = await audit.list({ action: 'sms.send' });
    expect(sms.pagination.total).toBe(9);
    expect(targetsOf(sms)).toEqual(codes(45, 40, 35, 30, 25, 20, 15, 10, 5));

    const one = await audit.list({ target: 'KBE000007' });
    expect(one.pagination).toEqual({ current: 1, pages: 1, total: 1 });
    expect(one.entries[0]).toMatchObject({ actor: 'chief', action: 'candidate.fees', target: { type: 'candidate', id: 'KBE000007' } });
    expect((await audit.list({ target: 'KBE999999' })).pagination).toEqual({ current: 1, pages: 1, total: 0 });

    // The watcher's SMS: multiples of 15.
    const both = await audit.list({ actor: 'watcher', action: 'sms.send', limit: 2 });
    expect(both.pagination).toEqual({ current: 1, pages: 2, total: 3 });
    expect(targetsOf(both)).toEqual(codes(45, 30));
    expect(targetsOf(await audit.list({ actor: 'watcher', action: 'sms.send', limit: 2, page: 2 }))).toEqual(codes(15));
    expect((await audit.list({ actor: 'chief', action: 'sms.send', target: 'KBE000010' })).pagination.total).toBe(1);
  });

  it('numbers each entry once when two processes write at the same time and positions were taken meanwhile', async () => {
    const [one, two] = await Promise.all([startedLog('audit-concurrent'), startedLog('audit-concurrent')]);
    const record = (log: AuditLog, n: number) =>
      log.record(n % 4 < 2 ? chief : watcher, '10.0.0.1', { action: 'release-job.create', target: { type: 'release-job', id: n % 3 ? 'job-a' : 'job-b' } });
    for (let n = 0; n < 10; n += 1) await record(one.audit, n);
    // As while another process's batch is under way: its entries and postings are written, its counts not yet.
    await one.connection.collection('audit_counters').updateMany({}, { $set: { count: 0 } });
    await Promise.all(Array.from({ length: 30 }, (_, n) => record(n % 2 ? one.audit : two.audit, n + 10)));

    const all = await one.audit.list({ limit: 100 });
    expect(all.pagination.total).toBe(40);
    expect(new Set(all.entries.map((entry) => entry.id)).size).toBe(40);
    const [a, b] = await Promise.all([two.audit.list({ target: 'job-a', limit: 100 }), two.audit.list({ target: 'job-b', limit: 100 })]);
    expect([a.pagination.total, a.entries.length, b.pagination.total, b.entries.length]).toEqual([26, 26, 14, 14]);
    const byChief = await one.audit.list({ actor: 'chief', limit: 100 });
    expect([byChief.pagination.total, byChief.entries.length]).toEqual([20, 20]);
    expect((await two.audit.list({ action: 'release-job.create', limit: 100 })).entries).toHaveLength(40);
  });

  it('keeps an entry another service posts again once: a retry, two processes at once, a retry after a writer stopped past its receipt', async () => {
    const [one, two] = await Promise.all([startedLog('audit-once'), startedLog('audit-once')]);
    const sent = (n: number) => ({
      entryId: `exams-${n}`,
      actor: 'chief',
      role: 'admin',
      action: 'results.import',
      targetType: 'results',
      targetId: 'Mains',
      details: { n },
      ip: '10.0.0.9',
      at: new Date(`2026-11-20T08:0${n}:00Z`),
    });
    const marks = (from: number) =>
      Promise.all(Array.from({ length: 5 }, (_, n) => one.audit.record(chief, '10.0.0.1', { action: 'candidate.fees', target: { type: 'candidate', id: `KBE${from + n}` } })));

    await marks(1);
    await one.repository.appendOnce(sent(1));
    await marks(6);
    await one.repository.appendOnce(sent(1));
    await Promise.all([one.repository.appendOnce(sent(1)), two.repository.appendOnce(sent(2)), one.repository.appendOnce(sent(2)), two.repository.appendOnce(sent(2))]);
    // As if a writer stopped after writing its receipt: position 3 noted (another entry's since), the entry not written.
    await one.connection.collection('audit_postings').insertOne({ _id: 'entry:exams-3' as never, entry: '0000000003' });
    await two.repository.appendOnce(sent(3));
    await one.repository.appendOnce(sent(3));

    const all = await one.audit.list({ limit: 100 });
    expect([all.pagination.total, all.entries.length]).toEqual([13, 13]);
    expect(all.entries.map((entry) => entry.id).filter((id) => id.startsWith('exams-'))).toEqual(['exams-3', 'exams-2', 'exams-1']);
    expect(all.entries[0]).toMatchObject({ id: 'exams-3', action: 'results.import', target: { type: 'results', id: 'Mains' }, details: { n: 3 }, at: '2026-11-20T08:03:00.000Z' });
    expect((await two.audit.list({ target: 'Mains' })).pagination.total).toBe(3);
    expect((await two.audit.list({ action: 'results.import' })).entries).toHaveLength(3);
    expect(await one.connection.collection('audit_postings').findOne({ _id: 'entry:exams-3' as never })).toMatchObject({ entry: '0000000013' });
  });

  it('lists the entries written before the log was numbered after the move at start, oldest first by time, also after a move cut short', async () => {
    const database = 'audit-legacy';
    const setup = await mongoose.createConnection(env['MONGODB_URI'] ?? '', { dbName: databaseName(env.MONGODB_DB_PREFIX, database) }).asPromise();
    connections.push(setup);
    const legacy = setup.collection<LegacyAuditEntry>(LEGACY_AUDIT_COLLECTION);
    const day = new Date('2026-11-01T08:00:00Z').getTime();
    const old = (n: number): LegacyAuditEntry => ({
      _id: new ObjectId(),
      entryId: `old-${n}`,
      actor: n % 2 ? 'chief' : 'watcher',
      role: n % 2 ? 'admin' : 'viewer',
      action: 'candidate.fees',
      targetType: 'candidate',
      targetId: `OLD${n}`,
      details: {},
      ip: '198.51.100.1',
      at: new Date(day + n * 60_000),
    });
    // 250 entries (more than one chunk of the move), stored in no particular order.
    await legacy.insertMany(Array.from({ length: 250 }, (_, i) => old(((i * 97) % 250) + 1)));
    await legacy.createIndex({ at: -1 });

    // A move stopped partway: old-1 noted position 1 and was copied there (its postings not written),
    // old-2 noted position 2 but was not copied.
    await legacy.updateOne({ entryId: 'old-1' }, { $set: { movingTo: 1 } });
    await legacy.updateOne({ entryId: 'old-2' }, { $set: { movingTo: 2 } });
    await setup.collection('audit_entries').insertOne({ ...old(1), _id: '0000000001' as never, positions: { actor: 1, action: 1, target: 1 }, pending: true });

    const { audit, repository } = await startedLog(database, new Date('2026-11-20T09:00:00Z'));
    expect(await legacy.countDocuments()).toBe(0);
    await audit.record(chief, '203.0.113.9', { action: 'candidate.fees', target: { type: 'candidate', id: 'NEW1' } });

    const newest = await audit.list({ limit: 3 });
    expect(newest.pagination.total).toBe(251);
    expect(targetsOf(newest)).toEqual(['NEW1', 'OLD250', 'OLD249']);
    const oldest = await audit.list({ limit: 100, page: 3 });
    expect(targetsOf(oldest)).toEqual(Array.from({ length: 51 }, (_, i) => `OLD${51 - i}`));
    expect(oldest.entries.at(-1)).toMatchObject({ id: 'old-1', actor: 'chief', at: new Date(day + 60_000).toISOString() });

    const byWatcher = await audit.list({ actor: 'watcher', limit: 200 });
    expect(byWatcher.pagination.total).toBe(125);
    expect(targetsOf(byWatcher).slice(-2)).toEqual(['OLD4', 'OLD2']);
    expect((await audit.list({ actor: 'chief' })).pagination.total).toBe(126);
    expect((await audit.list({ target: 'OLD1' })).entries.map((entry) => entry.id)).toEqual(['old-1']);
    expect((await audit.list({ action: 'candidate.fees' })).pagination.total).toBe(251);

    // Started again: nothing left to move, nothing changes.
    await repository.onModuleInit();
    expect((await audit.list({ limit: 1 })).pagination.total).toBe(251);
    expect((await audit.list({ actor: 'watcher' })).pagination.total).toBe(125);
  });

  it('moves the old entries once when two processes start at the same time', async () => {
    const database = 'audit-legacy-twice';
    const setup = await mongoose.createConnection(env['MONGODB_URI'] ?? '', { dbName: databaseName(env.MONGODB_DB_PREFIX, database) }).asPromise();
    connections.push(setup);
    const day = new Date('2026-11-02T08:00:00Z').getTime();
    await setup.collection<LegacyAuditEntry>(LEGACY_AUDIT_COLLECTION).insertMany(
      Array.from({ length: 300 }, (_, i) => ({
        _id: new ObjectId(),
        entryId: `old-${i}`,
        actor: 'chief',
        role: 'admin',
        action: i % 2 ? 'candidate.fees' : 'candidate.hall-ticket',
        targetType: 'candidate',
        targetId: `OLD${i}`,
        details: {},
        ip: '198.51.100.1',
        at: new Date(day + i * 1000),
      })),
    );

    const [one, two] = await Promise.all([startedLog(database), startedLog(database)]);
    const all = await one.audit.list({ limit: 100, page: 3 });
    expect(all.pagination.total).toBe(300);
    expect(targetsOf(all)).toEqual(Array.from({ length: 100 }, (_, i) => `OLD${99 - i}`));
    expect((await two.audit.list({ action: 'candidate.fees', limit: 100 })).pagination.total).toBe(150);
    expect(await setup.collection('audit_entries').countDocuments()).toBe(300);
  });

  it('finishes at start an entry whose writer stopped before writing its postings', async () => {
    const { connection, audit, repository } = await startedLog('audit-pending');
    await audit.record(chief, '10.0.0.2', { action: 'mentor.edit', target: { type: 'mentor', id: 'MEN-1' } });
    await connection.collection('audit_entries').insertOne({
      _id: '0000000002' as never,
      entryId: 'stopped',
      actor: 'chief',
      role: 'admin',
      action: 'mentor.edit',
      targetType: 'mentor',
      targetId: 'MEN-1',
      details: {},
      ip: '10.0.0.2',
      at: new Date('2026-11-20T10:00:00Z'),
      positions: { actor: 2, action: 2, target: 2 },
      pending: true,
    });
    expect((await audit.list({ target: 'MEN-1' })).pagination.total).toBe(1);

    await repository.onModuleInit();
    const page = await audit.list({ target: 'MEN-1' });
    expect(page.pagination.total).toBe(2);
    expect(page.entries.map((entry) => entry.id)[0]).toBe('stopped');
    expect((await audit.list({})).pagination.total).toBe(2);
  });
});
