import { loadConfig } from '@kbe/server-config';
import { expectServiceHealthy, isolatedInfraEnv, useServiceApp } from '@kbe/server-testing';
import request from 'supertest';
import { AppModule } from './app.module';
import { registrationEnvSchema, SERVICE_NAME } from './registration.config';

describe('registration-service against the real servers', () => {
  const config = loadConfig(registrationEnvSchema, isolatedInfraEnv());
  const app = useServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });

  it('reports every dependency up at /api/health/registration-service', async () => {
    await expectServiceHealthy(app(), 'registration-service', ['mongodb', 'kafka', 'minio']);
  });

  it('publishes its OpenAPI document', async () => {
    const response = await request(app().getHttpServer()).get('/api/docs/registration-service.json').expect(200);
    expect(response.body.paths).toHaveProperty(['/api/health/registration-service']);
  });
});
