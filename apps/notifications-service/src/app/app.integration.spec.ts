import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { loadConfig } from '@kbe/server-config';
import { createServiceApp } from '@kbe/server-bootstrap';
import { isolatedInfraEnv } from '@kbe/server-testing';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { AppModule } from './app.module';
import { notificationsEnvSchema, SERVICE_NAME } from './notifications.config';

describe('notifications-service against the real servers', () => {
  const config = loadConfig(notificationsEnvSchema, isolatedInfraEnv());
  let app: INestApplication;

  beforeAll(async () => {
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });
    await app.init();
  }, 60_000);

  afterAll(async () => {
    await app?.get<Connection>(getConnectionToken()).dropDatabase();
    await app?.close();
  });

  it('reports every dependency up at /api/health/notifications-service', async () => {
    const response = await request(app.getHttpServer()).get('/api/health/notifications-service').expect(200);
    expect(response.body).toMatchObject({ status: 'ok', service: 'notifications-service' });
    expect(Object.keys(response.body.checks)).toEqual(['mongodb', 'kafka']);
    for (const check of Object.values(response.body.checks)) expect(check).toMatchObject({ status: 'up' });
  });

  it('publishes its OpenAPI document', async () => {
    const response = await request(app.getHttpServer()).get('/api/docs/notifications-service.json').expect(200);
    expect(response.body.paths).toHaveProperty(['/api/health/notifications-service']);
  });
});
