import { Body, Controller, Get, Header, Module, Post } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { MetricsModule } from '@kbe/server-metrics';
import request from 'supertest';
import { z } from 'zod';
import { createServiceApp } from './create-service-app';
import { API_SECURITY_HEADERS } from './security-headers.middleware';
import { ServiceCoreModule } from './service-core.module';
import { ZodValidationPipe } from './zod-validation.pipe';

const schoolSchema = z.object({
  schoolName: z.string({ error: 'School name is required' }).min(1, { error: 'School name is required' }),
  pinCode: z.string().regex(/^\d{6}$/, { error: 'PIN code must be 6 digits' }),
});

@Controller('probe')
class ProbeController {
  @Post()
  create(@Body(new ZodValidationPipe(schoolSchema)) body: z.infer<typeof schoolSchema>) {
    return { received: body.schoolName };
  }

  @Get('public-data')
  @Header('Cache-Control', 'public, max-age=60')
  publicData() {
    return { schools: 42 };
  }

  @Get('crash')
  crash(): never {
    throw new Error('secret database password in a stack trace');
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('createServiceApp', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const config = { LOG_LEVEL: 'silent' as const, HTTP_BODY_LIMIT: '1kb' };
    app = await createServiceApp({
      service: 'probe-service',
      config,
      module: { module: ProbeModule, imports: [ServiceCoreModule.forRoot({ service: 'probe-service', config })] },
    });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });

  it('serves routes under /api', async () => {
    await request(app.getHttpServer())
      .post('/api/probe')
      .send({ schoolName: 'Nashik High School', pinCode: '422001' })
      .expect(201, { received: 'Nashik High School' });
  });

  it('answers invalid input with the list of fields', async () => {
    const response = await request(app.getHttpServer()).post('/api/probe').send({ pinCode: '42' }).expect(400);
    expect(response.body).toEqual({
      statusCode: 400,
      message: 'School name is required, PIN code must be 6 digits',
      errors: [
        { field: 'schoolName', message: 'School name is required', key: 'validation.required', values: { field: 'field.schoolName' } },
        { field: 'pinCode', message: 'PIN code must be 6 digits' },
      ],
    });
  });

  it('answers a malformed JSON body with 400', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/probe')
      .set('content-type', 'application/json')
      .send('{"schoolName": ')
      .expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: 'Malformed JSON body' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/probe')
      .send({ schoolName: 'x'.repeat(2048), pinCode: '422001' })
      .expect(413);
    expect(response.body).toEqual({ statusCode: 413, message: 'Request body too large' });
  });

  it('answers an unknown route with a JSON 404', async () => {
    const response = await request(app.getHttpServer()).get('/api/nothing-here').expect(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toEqual({ statusCode: 404, message: 'Cannot GET /api/nothing-here' });
  });

  it('answers an unexpected failure with 500 and no details', async () => {
    const response = await request(app.getHttpServer()).get('/api/probe/crash').expect(500);
    expect(response.body).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(response.text).not.toContain('secret');
  });

  it('echoes the request id or makes one', async () => {
    const given = await request(app.getHttpServer()).get('/api/nothing-here').set('x-request-id', 'edge-123');
    expect(given.headers['x-request-id']).toBe('edge-123');
    const made = await request(app.getHttpServer()).get('/api/nothing-here');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the security headers on every answer, errors included, and no-store unless the handler says otherwise', async () => {
    const server = app.getHttpServer();
    const answers = [
      await request(server).post('/api/probe').send({ schoolName: 'Nashik High School', pinCode: '422001' }).expect(201),
      await request(server).post('/api/probe').send({ pinCode: '42' }).expect(400),
      await request(server).post('/api/probe').set('content-type', 'application/json').send('{"schoolName": ').expect(400),
      await request(server).post('/api/probe').send({ schoolName: 'x'.repeat(2048), pinCode: '422001' }).expect(413),
      await request(server).get('/api/nothing-here').expect(404),
      await request(server).get('/api/probe/crash').expect(500),
    ];
    for (const answer of answers) {
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect([name, answer.headers[name.toLowerCase()]]).toEqual([name, value]);
    }
    expect(API_SECURITY_HEADERS['Cache-Control']).toBe('no-store');
    expect(API_SECURITY_HEADERS['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    const cacheable = await request(server).get('/api/probe/public-data').expect(200);
    expect(cacheable.headers['cache-control']).toBe('public, max-age=60');
    expect(cacheable.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document', async () => {
    const response = await request(app.getHttpServer()).get('/api/docs/probe-service.json').expect(200);
    expect(response.body.info.title).toBe('probe-service');
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/probe', '/api/probe/crash']));
  });
});

describe('createServiceApp with MetricsModule', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const config = { LOG_LEVEL: 'silent' as const, HTTP_BODY_LIMIT: '1kb' };
    app = await createServiceApp({
      service: 'probe-service',
      config,
      module: {
        module: ProbeModule,
        imports: [ServiceCoreModule.forRoot({ service: 'probe-service', config }), MetricsModule.forRoot({ service: 'probe-service' })],
      },
    });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });

  it('serves /metrics outside /api (the edge and the Ingress route only /api), and not in the OpenAPI document', async () => {
    const metrics = await request(app.getHttpServer()).get('/metrics').expect(200);
    // Prometheus's text format, version 0.0.4 (Express puts the charset first).
    expect(metrics.headers['content-type']).toMatch(/^text\/plain;.*\bversion=0\.0\.4\b/);
    expect(metrics.text).toMatch(/^process_cpu_user_seconds_total\{service="probe-service"\} /m);
    await request(app.getHttpServer()).get('/api/metrics').expect(404);
    const document = await request(app.getHttpServer()).get('/api/docs/probe-service.json').expect(200);
    expect(Object.keys(document.body.paths)).not.toContain('/metrics');
  });

  it('counts every answer by route template, those refused before routing as "unmatched"', async () => {
    const server = app.getHttpServer();
    await request(server).post('/api/probe').send({ schoolName: 'Nashik High School', pinCode: '422001' }).expect(201);
    await request(server).post('/api/probe').send({ schoolName: 'x'.repeat(2048), pinCode: '422001' }).expect(413);
    await request(server).get('/api/probe/crash').expect(500);

    const { text } = await request(server).get('/metrics').expect(200);
    expect(text).toContain('http_requests_total{method="POST",route="/api/probe",status="201",service="probe-service"} 1\n');
    expect(text).toContain('http_requests_total{method="POST",route="unmatched",status="413",service="probe-service"} 1\n');
    expect(text).toContain('http_requests_total{method="GET",route="/api/probe/crash",status="500",service="probe-service"} 1\n');
  });
});
