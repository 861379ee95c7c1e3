import { loadConfig } from '@kbe/server-config';
import { expectServiceHealthy, isolatedInfraEnv, useServiceApp } from '@kbe/server-testing';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { AppModule } from './app.module';
import { documentsEnvSchema, SERVICE_NAME } from './documents.config';

describe('documents-service against the real servers', () => {
  const config = loadConfig(documentsEnvSchema, isolatedInfraEnv({ DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex') }));
  const app = useServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });

  it('reports every dependency up at /api/health/documents-service', async () => {
    await expectServiceHealthy(app(), 'documents-service', ['mongodb', 'kafka', 'minio', 'chromium']);
  });

  it('publishes its OpenAPI document', async () => {
    const response = await request(app().getHttpServer()).get('/api/docs/documents-service.json').expect(200);
    expect(response.body.paths).toHaveProperty(['/api/health/documents-service']);
  });
});
