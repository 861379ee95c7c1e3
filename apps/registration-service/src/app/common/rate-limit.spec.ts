import { Controller, Get, Param, Post, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ThrottlerModule } from '@nestjs/throttler';
import { loadConfig } from '@kbe/server-config';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { registrationEnvSchema, type RegistrationConfig } from '../registration.config';
import { RateLimited, rateLimitTarget, throttlerOptions, TOO_MANY_REQUESTS } from './rate-limit';

/** Routes limited like the real ones (candidates' search and register, contact). */
@Controller()
class LimitedController {
  @Get('candidates/search/:registrationNumber')
  @RateLimited('search')
  search(@Param('registrationNumber') code: string) {
    return { code };
  }

  @Post('candidates/register')
  @RateLimited('register')
  register() {
    return { success: true };
  }

  @Post('contact')
  @RateLimited('contact')
  contact() {
    return { success: true };
  }

  @Get('consent/notice')
  @RateLimited('consent')
  notice() {
    return { success: true };
  }

  @Post('consent/:candidateCode/otp')
  @RateLimited('consent')
  sendOtp(@Param('candidateCode') code: string) {
    return { code };
  }
}

const required = {
  MINIO_ACCESS_KEY: 'kbe-dev',
  MINIO_SECRET_KEY: 'minio-secret-123',
  JWT_PUBLIC_KEYS: JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'abc', kid: 'k1' }] }),
  INTERNAL_API_TOKEN: 'i'.repeat(24),
};

describe('rate limits', () => {
  let app: INestApplication | undefined;

  async function start(env: Record<string, string> = {}): Promise<{ http: ReturnType<typeof supertest>; config: RegistrationConfig }> {
    const config = loadConfig(registrationEnvSchema, { ...required, TRUSTED_PROXY_HOPS: '1', ...env });
    const module = await Test.createTestingModule({ imports: [ThrottlerModule.forRoot(throttlerOptions(config))], controllers: [LimitedController] }).compile();
    app = module.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    return { http: supertest(`http://127.0.0.1:${port}`), config };
  }

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('default to limits a shared address passes: a lab of 60 registering at once, release-day searches of a carrier address', async () => {
    const { http, config } = await start();
    expect(config).toMatchObject({ RATE_LIMIT_REGISTER: 120, RATE_LIMIT_SEARCH: 600, RATE_LIMIT_SEARCH_PER_CODE: 30, RATE_LIMIT_WINDOW_SECONDS: 60 });
    const lab = { 'x-forwarded-for': '203.0.113.50' };
    // 60 pupils within one minute, each submitting twice (a retry after a dropped answer).
    for (let i = 0; i < 120; i++) await http.post('/candidates/register').set(lab).expect(201);
    // 500 candidates behind one carrier address searching their codes within a minute, some twice.
    const carrier = { 'x-forwarded-for': '100.64.1.1' };
    for (let i = 0; i < 500; i++) {
      await http.get(`/candidates/search/KBE${String(100000 + (i % 450))}ABC`).set(carrier).expect(200);
    }
    // 620 requests one after another: seconds on a busy machine, beyond jest's default 5 s.
  }, 30_000);

  it('limits searches per candidate code from any address, with a plain Retry-After; other codes go on', async () => {
    const { http } = await start({ RATE_LIMIT_SEARCH_PER_CODE: '3' });
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      await http.get('/candidates/search/KBE123456ABC').set('x-forwarded-for', address).expect(200);
    }
    // The same code however it is written (the search reads it trimmed and upper-cased).
    const limited = await http.get('/candidates/search/kbe123456abc').set('x-forwarded-for', '198.51.100.4').expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['retry-after-target']).toBeUndefined();
    expect(limited.body).toEqual({ statusCode: 429, message: TOO_MANY_REQUESTS });
    await http.get('/candidates/search/KBE654321XYZ').set('x-forwarded-for', '198.51.100.4').expect(200);
  });

  it('limits each route per client address (429 + Retry-After), other addresses unaffected; registration has no per-target limit', async () => {
    const { http } = await start({ RATE_LIMIT_REGISTER: '4', RATE_LIMIT_SEARCH: '5', RATE_LIMIT_CONTACT: '1' });
    const client = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 5; i++) await http.get(`/candidates/search/KBE00000${i}AAA`).set(client).expect(200);
    const limited = await http.get('/candidates/search/KBE000009AAA').set(client).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) await http.post('/candidates/register').set(client).expect(201);
    await http.post('/candidates/register').set(client).expect(429);
    await http.post('/candidates/register').set('x-forwarded-for', '203.0.113.78').expect(201);
    await http.post('/contact').set(client).expect(201);
    await http.post('/contact').set(client).expect(429);
  });

  it('limits consent codes per candidate code from any address; the notice per address only', async () => {
    const { http } = await start({ RATE_LIMIT_CONSENT: '4', RATE_LIMIT_CONSENT_PER_CODE: '2' });
    await http.post('/consent/KBE123456ABC/otp').set('x-forwarded-for', '198.51.100.1').expect(201);
    await http.post('/consent/kbe123456abc/otp').set('x-forwarded-for', '198.51.100.2').expect(201);
    const limited = await http.post('/consent/KBE123456ABC/otp').set('x-forwarded-for', '198.51.100.3').expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await http.post('/consent/KBE654321XYZ/otp').set('x-forwarded-for', '198.51.100.3').expect(201);
    // Many guardians read the notice; one address reads it RATE_LIMIT_CONSENT times a window.
    for (const address of ['198.51.100.4', '198.51.100.5', '198.51.100.6']) {
      for (let i = 0; i < 4; i++) await http.get('/consent/notice').set('x-forwarded-for', address).expect(200);
    }
    await http.get('/consent/notice').set('x-forwarded-for', '198.51.100.4').expect(429);
  });

  it('names the target of a bucket that has one', () => {
    expect(rateLimitTarget('search', { params: { registrationNumber: ' kbe123456abc ' } })).toBe('KBE123456ABC');
    expect(rateLimitTarget('register', { params: {} })).toBeNull();
    expect(rateLimitTarget(undefined, {})).toBeNull();
    // a portal upload counts per session, as the session guard before it found it
    expect(rateLimitTarget('portal-import', { portal: { tokenHash: 'ab12' } })).toBe('ab12');
    expect(rateLimitTarget('portal-import', {})).toBeNull();
  });
});
