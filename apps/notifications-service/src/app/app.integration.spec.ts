import { loadConfig } from '@kbe/server-config';
import { expectServiceHealthy, isolatedInfraEnv, useServiceApp } from '@kbe/server-testing';
import request from 'supertest';
import { AppModule } from './app.module';
import { notificationsEnvSchema, SERVICE_NAME } from './notifications.config';

describe('notifications-service against the real servers', () => {
  const config = loadConfig(notificationsEnvSchema, isolatedInfraEnv());
  const app = useServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });

  it('reports every dependency up at /api/health/notifications-service', async () => {
    await expectServiceHealthy(app(), 'notifications-service', ['mongodb', 'kafka']);
  });

  it('publishes its OpenAPI document', async () => {
    const response = await request(app().getHttpServer()).get('/api/docs/notifications-service.json').expect(200);
    expect(response.body.paths).toHaveProperty(['/api/health/notifications-service']);
  });
});
