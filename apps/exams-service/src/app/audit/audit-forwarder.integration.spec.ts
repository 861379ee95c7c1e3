import { createServer, type Server } from 'node:http';
import { ADMIN_INTERNAL_PATHS, serviceAuditEntriesSchema, type ServiceAuditEntries } from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { freePort, isolatedInfraEnv } from '@kbe/server-testing';
import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AppModule } from '../app.module';
import { examsEnvSchema, SERVICE_NAME, type ExamsConfig } from '../exams.config';
import { AUDIT_LOG, type AuditLog } from './audit-log';

/** admin-service's side as its contract states it: the internal token, the entries' schema, 204. Stopped, nothing answers on its port. */
class AdminAuditServer {
  readonly received: ServiceAuditEntries['entries'][] = [];
  private server: Server | undefined;

  constructor(
    private readonly port: number,
    private readonly internalToken: string,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (req.headers['x-internal-token'] !== this.internalToken) return void res.writeHead(401).end();
        if (req.method !== 'POST' || req.url !== ADMIN_INTERNAL_PATHS.auditEntries) return void res.writeHead(404).end();
        const parsed = serviceAuditEntriesSchema.safeParse(JSON.parse(body));
        if (!parsed.success) return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: parsed.error.message }));
        this.received.push(parsed.data.entries);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
  }

  stop(): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /** The ids received, in order. */
  ids(): string[] {
    return this.received.flat().map((entry) => entry.entryId);
  }
}

const until = async (what: string, check: () => boolean | Promise<boolean>, withinMs: number): Promise<void> => {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; ) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what}: not within ${withinMs} ms`);
};

describe("exams-service's audit entries in admin-service's audit log (FerretDB; admin-service as its contract states)", () => {
  const env = isolatedInfraEnv();
  let admin: AdminAuditServer;
  let app: INestApplication;
  const entries = () => app.get<Connection>(getConnectionToken()).collection<{ _id: string; action: string; forwardedAt?: Date | null }>('audit_entries');
  const chief = { admin: { username: 'chief', role: 'admin' as const }, from: '203.0.113.40' };

  beforeAll(async () => {
    const port = await freePort();
    // Retried every 1.5 s: an entry seen sooner went right after it was recorded.
    const config: ExamsConfig = { ...loadConfig(examsEnvSchema, env), ADMIN_SERVICE_URL: `http://127.0.0.1:${port}`, AUDIT_FORWARD_INTERVAL_MS: 1_500 };
    admin = new AdminAuditServer(port, config.INTERNAL_API_TOKEN);
    await admin.start();
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });
    await app.init();
  }, 60_000);
  afterAll(async () => {
    await app?.get<Connection>(getConnectionToken()).dropDatabase();
    await app?.close();
    await admin.stop();
  });

  it('sends an audited write to admin-service right after recording it, and marks it forwarded', async () => {
    const audit = app.get<AuditLog>(AUDIT_LOG);
    await audit.record(chief, { action: 'results.import', target: { type: 'results', id: 'Mains' }, details: { fileHash: 'ab12', lines: 9 } });
    const recorded = await entries().findOne({ action: 'results.import' });
    expect(recorded).not.toBeNull();

    await until('admin-service received the import', () => admin.ids().includes(recorded?._id ?? ''), 1_000);
    expect(admin.received.flat().find((entry) => entry.entryId === recorded?._id)).toEqual({
      entryId: recorded?._id,
      actor: 'chief',
      role: 'admin',
      action: 'results.import',
      targetType: 'results',
      targetId: 'Mains',
      details: { fileHash: 'ab12', lines: 9 },
      ip: '203.0.113.40',
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    await until('the entry is marked forwarded', async () => (await entries().findOne({ _id: recorded?._id ?? '' }))?.forwardedAt instanceof Date, 1_000);
  });

  it('keeps an entry recorded while admin-service is away, and sends it once admin-service is back, with one recorded before entries were forwarded', async () => {
    await admin.stop();
    // Recorded before exams-service forwarded its entries: no forwardedAt.
    const earlier = { _id: 'a5b0d7e4-0000-4000-8000-000000000001', actor: 'chief', role: 'admin', action: 'results.withdraw', targetType: 'results', targetId: 'Advanced', details: {}, ip: '203.0.113.41', at: new Date('2026-11-01T10:00:00Z') };
    await entries().insertOne(earlier);
    const audit = app.get<AuditLog>(AUDIT_LOG);
    // The write goes through: the entry is recorded here whatever admin-service does.
    await audit.record(chief, { action: 'results.publish', target: { type: 'results', id: 'Mains' }, details: { results: 9 } });
    const waiting = await entries().findOne({ action: 'results.publish' });
    expect(waiting).toMatchObject({ forwardedAt: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await entries().countDocuments({ forwardedAt: null })).toBe(2);

    const before = admin.ids().length;
    await admin.start();
    await until('admin-service received the publication', () => admin.ids().includes(waiting?._id ?? ''), 5_000);
    await until('the entries are marked forwarded', async () => (await entries().countDocuments({ forwardedAt: null })) === 0, 1_000);
    // Only the entries that were waiting went.
    expect(admin.ids().slice(before).sort()).toEqual([earlier._id, waiting?._id].sort());
    expect(admin.received.flat().find((entry) => entry.entryId === earlier._id)).toMatchObject({ action: 'results.withdraw', targetId: 'Advanced', at: '2026-11-01T10:00:00.000Z' });
  });
});
