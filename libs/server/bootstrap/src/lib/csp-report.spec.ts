import { Logger, Module } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createServiceApp } from './create-service-app';
import { cspReportBody, FixedWindowLimiter, summarizeCspReport, withoutQuery } from './csp-report';
import { CspReportModule } from './csp-report.module';
import { ServiceCoreModule } from './service-core.module';

const legacy = {
  'csp-report': {
    'document-uri': 'http://localhost:8080/einstein-quest/downloads?registration=KBE25ABC123#top',
    referrer: 'http://localhost:8080/?name=Asha',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 12,
    'column-number': 3,
    'source-file': 'http://localhost:8080/main.js?v=1',
    'script-sample': 'alert("Asha Patil 9876543210")',
    'status-code': 200,
  },
};

const reportingApi = [
  {
    type: 'csp-violation',
    age: 10,
    url: 'http://localhost:8080/admin/login',
    user_agent: 'Chromium',
    body: {
      documentURL: 'http://localhost:8080/admin/login?next=/admin/dashboard',
      blockedURL: 'https://evil.example/x.js?token=abc',
      effectiveDirective: 'script-src-elem',
      disposition: 'enforce',
      sample: 'secret sample',
      statusCode: 200,
    },
  },
  { type: 'deprecation', body: { id: 'x' } },
];

describe('CSP report summary', () => {
  it('keeps where and what, drops samples, referrers and query strings', () => {
    expect(summarizeCspReport(cspReportBody.parse(legacy))).toEqual([
      {
        document: 'http://localhost:8080/einstein-quest/downloads',
        blocked: 'inline',
        directive: 'script-src-elem',
        disposition: 'enforce',
        source: 'http://localhost:8080/main.js',
        line: 12,
        column: 3,
      },
    ]);
    expect(summarizeCspReport(cspReportBody.parse(reportingApi))).toEqual([
      { document: 'http://localhost:8080/admin/login', blocked: 'https://evil.example/x.js', directive: 'script-src-elem', disposition: 'enforce' },
    ]);
  });

  it('reduces data: and blob: URLs to their scheme', () => {
    expect(withoutQuery('data:image/png;base64,AAAA')).toBe('data');
    expect(withoutQuery('eval')).toBe('eval');
  });

  it('refuses what is not a report', () => {
    expect(cspReportBody.safeParse({ hello: 'world' }).success).toBe(false);
    expect(cspReportBody.safeParse([]).success).toBe(false);
  });

  it('limits the reports per window and says when to come back', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(2, 60_000, () => now);
    expect(limiter.take()).toBe(true);
    expect(limiter.take()).toBe(true);
    now = 15_000;
    expect(limiter.take()).toBe(45);
    now = 60_000;
    expect(limiter.take()).toBe(true);
  });
});

@Module({})
class EmptyModule {}

describe('POST /api/csp-report', () => {
  let app: INestApplication;
  const warnings: string[] = [];

  beforeAll(async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      warnings.push(String(message));
    });
    const config = { LOG_LEVEL: 'silent' as const, HTTP_BODY_LIMIT: '100kb' };
    app = await createServiceApp({
      service: 'probe-service',
      config,
      module: { module: EmptyModule, imports: [ServiceCoreModule.forRoot({ service: 'probe-service', config }), CspReportModule.forRoot({ limit: 2 })] },
    });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    jest.restoreAllMocks();
  });

  it('takes both report formats, logs each violation without personal data, then limits', async () => {
    const server = app.getHttpServer();
    await request(server).post('/api/csp-report').set('content-type', 'application/csp-report').send(JSON.stringify(legacy)).expect(204);
    await request(server).post('/api/csp-report').set('content-type', 'application/reports+json').send(JSON.stringify(reportingApi)).expect(204);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('"directive":"script-src-elem"');
    expect(warnings[1]).toContain('"blocked":"https://evil.example/x.js"');
    for (const secret of ['KBE25ABC123', 'Asha', '9876543210', 'token=abc', 'secret sample', 'next=']) {
      expect(warnings.join('\n')).not.toContain(secret);
    }

    const bad = await request(server).post('/api/csp-report').set('content-type', 'application/csp-report').send('{"hello":1}').expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, message: expect.any(String), errors: expect.any(Array) });

    const limited = await request(server).post('/api/csp-report').set('content-type', 'application/csp-report').send(JSON.stringify(legacy)).expect(429);
    expect(limited.body).toEqual({ statusCode: 429, message: 'Too many CSP reports. Please wait a moment.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(warnings).toHaveLength(2);
  });
});
