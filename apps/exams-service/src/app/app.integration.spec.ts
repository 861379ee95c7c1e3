import { loadConfig } from '@kbe/server-config';
import { expectServiceHealthy, isolatedInfraEnv, useServiceApp } from '@kbe/server-testing';
import request from 'supertest';
import { AppModule } from './app.module';
import { examsEnvSchema, SERVICE_NAME } from './exams.config';

describe('exams-service against the real servers', () => {
  const config = loadConfig(examsEnvSchema, isolatedInfraEnv());
  const app = useServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });

  it('reports every dependency up at /api/health/exams-service', async () => {
    await expectServiceHealthy(app(), 'exams-service', ['mongodb', 'kafka']);
  });

  it('publishes its OpenAPI document with the centres and results routes', async () => {
    const response = await request(app().getHttpServer()).get('/api/docs/exams-service.json').expect(200);
    expect(response.body.paths).toHaveProperty(['/api/health/exams-service']);
    expect(response.body.paths).toHaveProperty(['/api/admin/centres']);
    expect(response.body.paths).toHaveProperty(['/api/admin/centres/{code}']);
    expect(response.body.paths).toHaveProperty(['/api/admin/centres/import']);
    for (const path of ['/api/admin/results/import', '/api/admin/results/publish', '/api/admin/results/withdraw', '/api/admin/results/{level}', '/api/admin/results/{level}/candidates', '/api/admin/results/{level}/report.csv']) {
      expect(response.body.paths).toHaveProperty([path]);
    }
    const meritList = response.body.paths['/api/results/{level}/merit-list'].get;
    expect(Object.keys(meritList.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(meritList.security ?? []).toEqual([]);
    expect(Object.keys(response.body.paths['/api/admin/results/import'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '409']));
  });
});
