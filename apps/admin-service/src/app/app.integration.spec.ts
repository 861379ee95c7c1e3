import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { freePort, isolatedInfraEnv } from '@kbe/server-testing';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { adminEnvSchema, SERVICE_NAME } from './admin.config';
import { AppModule } from './app.module';

describe('admin-service against the real servers', () => {
  let app: INestApplication;
  let port: number;
  let closedPort: number;
  let internalToken: string;

  beforeAll(async () => {
    [port, closedPort] = await Promise.all([freePort(), freePort()]);
    const nowhere = `http://127.0.0.1:${closedPort}`;
    const config = loadConfig(
      adminEnvSchema,
      isolatedInfraEnv({
        PORT: String(port),
        ADMIN_USERNAME: 'chief',
        ADMIN_PASSWORD: 'correct horse battery',
        ADMIN_SERVICE_URL: `http://127.0.0.1:${port}`,
        REGISTRATION_SERVICE_URL: nowhere,
        DOCUMENTS_SERVICE_URL: nowhere,
        NOTIFICATIONS_SERVICE_URL: nowhere,
      }),
    );
    internalToken = config.INTERNAL_API_TOKEN;
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });
    await app.listen(port, '127.0.0.1');
  }, 60_000);

  afterAll(async () => {
    await app?.get<Connection>(getConnectionToken()).dropDatabase();
    await app?.close();
  });

  const login = (username: string, password: string) =>
    request(app.getHttpServer()).post('/api/admin/login').send({ username, password });

  it('logs the seeded admin in with a signed JWT and the user', async () => {
    const response = await login('chief', 'correct horse battery').expect(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Login Successful',
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      expiresIn: 28800,
      user: { username: 'chief', role: 'admin' },
    });
    const claims = JSON.parse(Buffer.from(response.body.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: 'chief', role: 'admin', iss: 'kbe-admin-service', aud: 'kbe' });
    expect(claims.exp - claims.iat).toBe(28800);
  });

  it('refuses a wrong password or unknown user with 401', async () => {
    for (const [username, password] of [
      ['chief', 'wrong password'],
      ['nobody', 'correct horse battery'],
    ]) {
      const response = await login(username ?? '', password ?? '').set('x-forwarded-for', `10.9.0.${username?.length}`).expect(401);
      expect(response.body).toEqual({ statusCode: 401, message: 'Invalid username or password' });
    }
  });

  it('explains a login body without fields', async () => {
    const response = await request(app.getHttpServer()).post('/api/admin/login').send({}).expect(400);
    expect(response.body.errors).toEqual([
      { field: 'username', message: 'Username is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('answers /api/admin/me for a valid token only', async () => {
    const { body } = await login('chief', 'correct horse battery').expect(200);
    await request(app.getHttpServer())
      .get('/api/admin/me')
      .set('authorization', `Bearer ${body.token}`)
      .expect(200, { user: { username: 'chief', role: 'admin' } });

    const missing = await request(app.getHttpServer()).get('/api/admin/me').expect(401);
    expect(missing.body).toEqual({ statusCode: 401, message: 'Admin authentication required' });

    const tampered = `${body.token.slice(0, -4)}AAAA`;
    const bad = await request(app.getHttpServer()).get('/api/admin/me').set('authorization', `Bearer ${tampered}`).expect(401);
    expect(bad.body).toEqual({ statusCode: 401, message: 'Invalid or expired token' });
  });

  it("records exams-service's audited writes once per entry (internal token, its actions only) and lists them on the audit page", async () => {
    const entry = {
      entryId: '3f0c6a52-6c1e-4c44-9d5e-0a4e3b1f2a10',
      actor: 'chief',
      role: 'admin',
      action: 'results.publish',
      targetType: 'results',
      targetId: 'Mains',
      details: { results: 9, publishedAt: '2026-11-20T09:00:00.000Z' },
      ip: '203.0.113.40',
      at: '2026-11-20T09:00:01.000Z',
    };
    const post = (body: object, token: string | null = internalToken) => {
      const call = request(app.getHttpServer()).post('/internal/audit/entries');
      return (token ? call.set('x-internal-token', token) : call).send(body);
    };
    await post({ entries: [entry] }, null).expect(401);
    await post({ entries: [entry] }, 'not-the-internal-token-at-all').expect(401);
    const refused = await post({ entries: [{ ...entry, action: 'admin.create' }] }).expect(400);
    expect(JSON.stringify(refused.body)).toContain('action');
    await post({ entries: [{ ...entry, details: { note: 'x'.repeat(2_001) } }] }).expect(400);
    await post({ entries: [] }).expect(400);

    await post({ entries: [entry] }).expect(204);
    // A retry after a lost answer, and the same entry twice in one post and in two posts at once.
    await post({ entries: [entry] }).expect(204);
    const imported = { ...entry, entryId: '8d1e2b7a-0f55-4d0e-a1f4-6b2c9e7d3c21', action: 'results.import', details: { fileHash: 'ab12', lines: 9 }, at: '2026-11-20T08:00:00.000Z' };
    await Promise.all([post({ entries: [imported, imported] }).expect(204), post({ entries: [imported, entry] }).expect(204)]);

    const { body: login } = await request(app.getHttpServer()).post('/api/admin/login').send({ username: 'chief', password: 'correct horse battery' }).expect(200);
    const page = await request(app.getHttpServer()).get('/api/admin/audit').query({ target: 'Mains' }).set('authorization', `Bearer ${login.token}`).expect(200);
    expect(page.body.data.pagination.total).toBe(2);
    expect(page.body.data.entries).toEqual(
      expect.arrayContaining([
        { id: entry.entryId, actor: 'chief', role: 'admin', action: 'results.publish', target: { type: 'results', id: 'Mains' }, details: entry.details, ip: '203.0.113.40', at: entry.at },
        expect.objectContaining({ id: imported.entryId, action: 'results.import', details: { fileHash: 'ab12', lines: 9 }, at: imported.at }),
      ]),
    );
    const byAction = await request(app.getHttpServer()).get('/api/admin/audit').query({ action: 'results.publish' }).set('authorization', `Bearer ${login.token}`).expect(200);
    expect(byAction.body.data.entries.map((listed: { id: string }) => listed.id)).toEqual([entry.entryId]);
  });

  it('reports its own dependencies up', async () => {
    const response = await request(app.getHttpServer()).get('/api/health/admin-service').expect(200);
    expect(response.body).toMatchObject({
      status: 'ok',
      service: 'admin-service',
      checks: { mongodb: { status: 'up' }, kafka: { status: 'up' } },
    });
  });

  it('aggregates the health of every service and names the ones that do not answer', async () => {
    const response = await request(app.getHttpServer()).get('/api/health').expect(503);
    expect(response.body.status).toBe('degraded');
    expect(response.body.services['admin-service']).toMatchObject({
      status: 'ok',
      checks: { mongodb: { status: 'up' }, kafka: { status: 'up' } },
    });
    for (const service of ['registration-service', 'documents-service', 'notifications-service']) {
      expect(response.body.services[service]).toEqual({ status: 'unreachable', message: 'ECONNREFUSED' });
    }
  });
});
