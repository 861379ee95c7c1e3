import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { CONSENT_API_PATHS } from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { isolatedInfraEnv } from '@kbe/server-testing';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { AppModule } from '../app.module';
import { registrationEnvSchema, SERVICE_NAME } from '../registration.config';
import { CONSENT_NOTICE_VERSION } from './notice/consent-notice';

const env = isolatedInfraEnv({ TRUSTED_PROXY_HOPS: '1', CONTACT_EMAIL: 'privacy@kbe.example.org' });
const config = loadConfig(registrationEnvSchema, env);

describe('parental consent against the real servers', () => {
  let app: INestApplication;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });
    await app.init();
    http = request(app.getHttpServer());
  }, 120_000);

  afterAll(async () => {
    await app?.get<Connection>(getConnectionToken()).dropDatabase();
    await app?.close();
  });

  describe('the notice', () => {
    it('answers the current version in English, Marathi and Hindi, naming the contact to withdraw and complain', async () => {
      const english = await http.get(CONSENT_API_PATHS.notice).expect(200);
      expect(english.body).toEqual({ version: CONSENT_NOTICE_VERSION, lang: 'en', html: expect.stringContaining('<article lang="en">') });
      expect(english.body.html).toContain('How to withdraw consent');
      expect(english.body.html).toContain('privacy@kbe.example.org');
      expect(english.body.html).toContain('Data Protection Board of India');
      const marathi = await http.get(CONSENT_API_PATHS.notice).query({ lang: 'mr' }).expect(200);
      expect(marathi.body).toMatchObject({ version: CONSENT_NOTICE_VERSION, lang: 'mr' });
      expect(marathi.body.html).toContain('संमती कशी मागे घ्यावी');
      const hindi = await http.get(CONSENT_API_PATHS.notice).query({ lang: 'hi' }).expect(200);
      expect(hindi.body.html).toContain('सहमति कैसे वापस लें');
    });

    it('refuses an unknown language with a clear 400', async () => {
      const response = await http.get(CONSENT_API_PATHS.notice).query({ lang: 'fr' }).expect(400);
      expect(response.body).toEqual({ statusCode: 400, message: expect.stringContaining('lang must be en, mr or hi'), errors: [{ field: 'lang', message: 'lang must be en, mr or hi' }] });
    });

    it('is in the OpenAPI document with its language parameter', async () => {
      const doc = await http.get('/api/docs/registration-service.json').expect(200);
      const operation = doc.body.paths['/api/consent/notice']['get'];
      expect(operation.parameters).toEqual([expect.objectContaining({ name: 'lang', in: 'query', required: false, schema: expect.objectContaining({ enum: ['en', 'mr', 'hi'] }) })]);
      expect(operation.security).toEqual([]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
    });
  });
});
