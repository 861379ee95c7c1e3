import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { loadConfig } from '@kbe/server-config';
import { createServiceApp } from '@kbe/server-bootstrap';
import { isolatedInfraEnv } from '@kbe/server-testing';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { AppModule } from './app.module';
import { documentsEnvSchema, SERVICE_NAME } from './documents.config';

describe('documents-service against the real servers', () => {
  const config = loadConfig(documentsEnvSchema, isolatedInfraEnv());
  let app: INestApplication;

  beforeAll(async () => {
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });
    await app.init();
  }, 60_000);

  afterAll(async () => {
    await app?.get<Connection>(getConnectionToken()).dropDatabase();
    await app?.close();
  });

  it('reports every dependency up at /api/health/documents-service', async () => {
    const response = await request(app.getHttpServer()).get('/api/health/documents-service').expect(200);
    expect(response.body).toMatchObject({ status: 'ok', service: 'documents-service' });
    expect(Object.keys(response.body.checks)).toEqual(['mongodb', 'kafka', 'minio', 'chromium']);
    for (const check of Object.values(response.body.checks)) expect(check).toMatchObject({ status: 'up' });
  });

  it('publishes its OpenAPI document', async () => {
    const response = await request(app.getHttpServer()).get('/api/docs/documents-service.json').expect(200);
    expect(response.body.paths).toHaveProperty(['/api/health/documents-service']);
  });
});
