import { loadConfig } from '@kbe/server-config';
import { isolatedInfraEnv, useServiceApp } from '@kbe/server-testing';
import request from 'supertest';
import { AppModule } from './app.module';
import { registrationEnvSchema, SERVICE_NAME } from './registration.config';

describe('registration-service metrics against the real servers', () => {
  const config = loadConfig(registrationEnvSchema, isolatedInfraEnv());
  const app = useServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });

  it('answers GET /metrics, and nothing at /api/metrics (the edge and the Ingress route only /api)', async () => {
    const response = await request(app().getHttpServer()).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain;.*\bversion=0\.0\.4\b/);
    await request(app().getHttpServer()).get('/api/metrics').expect(404);
  });

  it('counts a search under its route template, never the code searched for, next to the process metrics', async () => {
    await request(app().getHttpServer()).get('/api/candidates/search/KBE999999ZZZ').expect(404);

    const { text } = await request(app().getHttpServer()).get('/metrics').expect(200);
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/candidates/search/:registrationNumber",status="404",service="registration-service"} 1\n',
    );
    expect(text).toMatch(/^http_request_duration_seconds_count\{service="registration-service",method="GET",route="\/api\/candidates\/search\/:registrationNumber",status="404"\} 1$/m);
    expect(text).not.toContain('KBE999999ZZZ');
    expect(text).toMatch(/^process_cpu_user_seconds_total\{service="registration-service"\} [\d.e-]+$/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes\{service="registration-service"\} \d+$/m);
    // The outbox relay has passed at least once since the start: nothing waits.
    expect(text).toMatch(/^outbox_events_waiting\{service="registration-service"\} 0$/m);
  });
});
