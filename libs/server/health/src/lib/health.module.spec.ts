import { Controller, Get, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import type { DependencyHealthIndicator } from './dependency-health-indicator';
import { HealthModule } from './health.module';

class DownDependency implements DependencyHealthIndicator {
  readonly dependency = 'mongodb';
  async check(): Promise<void> {
    throw new Error('connection refused');
  }
}

@Controller('unused')
class Unused {
  @Get()
  get(): string {
    return 'unused';
  }
}

describe('HealthModule', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [HealthModule.forRoot({ service: 'example-service', indicators: [DownDependency], timeoutMs: 200 })],
      controllers: [Unused],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.setGlobalPrefix('api');
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });

  it('reports a dependency that is down with 503 on the health endpoint (readiness)', async () => {
    const response = await request(app.getHttpServer()).get('/api/health/example-service');
    expect(response.status).toBe(503);
    expect(JSON.stringify(response.body)).toContain('mongodb');
  });

  it('answers 200 on /live while the process runs, even with a dependency down (liveness)', async () => {
    const response = await request(app.getHttpServer()).get('/api/health/example-service/live');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', service: 'example-service' });
  });
});
