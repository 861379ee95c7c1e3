import { afterAll, beforeAll, expect } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { createServiceApp, type ServiceAppOptions } from '@kbe/server-bootstrap';
import type { Connection } from 'mongoose';
import request from 'supertest';

/**
 * Starts the service app once for the calling `describe` (against the real servers) and, after
 * its tests, drops the suite's database and closes the app. Returns the app for the tests.
 */
export function useServiceApp(options: ServiceAppOptions): () => INestApplication {
  let app: INestApplication | undefined;

  beforeAll(async () => {
    app = await createServiceApp(options);
    await app.init();
  }, 60_000);

  afterAll(async () => {
    await app?.get<Connection>(getConnectionToken()).dropDatabase();
    await app?.close();
  });

  return () => {
    if (!app) throw new Error(`${options.service} did not start (see the beforeAll failure)`);
    return app;
  };
}

/**
 * `GET /api/health/<service>` answers 200 with status ok, the service's name, exactly the
 * `dependencies` checked (in that order) and each of them up.
 */
export async function expectServiceHealthy(
  app: INestApplication,
  service: string,
  dependencies: readonly string[],
): Promise<void> {
  const response = await request(app.getHttpServer()).get(`/api/health/${service}`).expect(200);
  expect(response.body).toMatchObject({ status: 'ok', service });
  expect(Object.keys(response.body.checks)).toEqual(dependencies);
  for (const check of Object.values(response.body.checks)) expect(check).toMatchObject({ status: 'up' });
}
