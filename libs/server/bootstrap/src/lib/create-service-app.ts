import { json } from 'express';
import { RequestMethod, type DynamicModule, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { CustomStrategy } from '@nestjs/microservices';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ServiceEnv } from '@kbe/server-config';
import { httpMetricsMiddleware, Metrics, METRICS_PATH, recordsMetrics } from '@kbe/server-metrics';
import { Logger } from 'nestjs-pino';
import { bodyParserErrorToHttpException, RequestValidationError } from './error-response';
import { nulCharacterErrors } from './nul-characters';
import { serveApiDocsUi } from './api-docs-ui';
import { methodNotAllowedMiddleware } from './method-not-allowed.middleware';
import { serveOpenApiDocument } from './openapi-document';
import { securityHeadersMiddleware } from './security-headers.middleware';

export const GLOBAL_PREFIX = 'api';
/**
 * Service-to-service routes (`@InternalOnly()`) live under `/internal/...`, outside the `api`
 * prefix: the edge and the Ingress only route `/api/...`, so they are never exposed.
 */
export const INTERNAL_ROUTE_PREFIX = 'internal';

const JSON_MEDIA_TYPES = ['application/json', 'application/csp-report', 'application/reports+json'];

export interface ServiceAppOptions {
  service: string;
  module: DynamicModule | Type<unknown>;
  config: Pick<ServiceEnv, 'HTTP_BODY_LIMIT'>;
  description?: string;
  /** Also serve the browsable documentation of these services' OpenAPI documents at `/api/docs/`. */
  apiDocsUiOf?: readonly string[];
  /** Kafka consumer transport (see `kafkaConsumerStrategy` in `@kbe/server-messaging`). */
  consumer?: CustomStrategy;
  /** Internal routes whose JSON bodies may be larger than HTTP_BODY_LIMIT (a data export carries two images). */
  largeJsonBodies?: readonly { path: string; limit: string }[];
}

/**
 * The Nest application of a service, ready to `listen` (or to be driven by supertest): JSON
 * logs, security headers on every answer (no-store by default), `api` prefix, body size limit, JSON errors (malformed body 400, too large 413, unknown
 * route 404, known route with another method 405 with `Allow`) and the OpenAPI document at `/api/docs/<service>.json`.
 */
export async function createServiceApp(options: ServiceAppOptions): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(options.module, {
    bufferLogs: true,
    bodyParser: false,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // First, so that every answer is counted, those refused before routing included (MetricsModule).
  const metrics = metricsOf(app);
  if (metrics) app.use(httpMetricsMiddleware(metrics));
  app.use(securityHeadersMiddleware);
  app.use(methodNotAllowedMiddleware(app));
  // Parsed first with their own limit: the general parser then sees the body read and skips it.
  for (const { path, limit } of options.largeJsonBodies ?? []) app.use(path, json({ limit, type: 'application/json' }));
  // CSP violation reports (CspReportModule) are JSON under their own media types.
  app.useBodyParser('json', { limit: options.config.HTTP_BODY_LIMIT, type: JSON_MEDIA_TYPES });
  app.useBodyParser('urlencoded', { limit: options.config.HTTP_BODY_LIMIT, extended: true });
  app.use((error: unknown, _request: unknown, _response: unknown, next: (error: unknown) => void) =>
    next(bodyParserErrorToHttpException(error)),
  );
  // Text with U+0000 is refused once, here, for every JSON, form and query value; multipart
  // fields, parsed later, are checked where they are read (the candidate registration).
  app.use((request: { body?: unknown; query?: unknown }, _response: unknown, next: (error?: unknown) => void) => {
    const errors = [...nulCharacterErrors(request.body), ...nulCharacterErrors(request.query, 'query')];
    next(errors.length > 0 ? new RequestValidationError(errors) : undefined);
  });
  // `/internal/...` and `/metrics` stay outside `/api`: the edge and the Ingress never route them.
  app.setGlobalPrefix(GLOBAL_PREFIX, {
    exclude: [
      { path: `${INTERNAL_ROUTE_PREFIX}/{*path}`, method: RequestMethod.ALL },
      { path: METRICS_PATH, method: RequestMethod.GET },
    ],
  });
  if (options.consumer) {
    if (metrics && recordsMetrics(options.consumer.strategy)) options.consumer.strategy.recordMetricsIn(metrics);
    app.connectMicroservice(options.consumer, { inheritAppConfig: true });
  }
  serveOpenApiDocument(app, options.service, options.description);
  if (options.apiDocsUiOf) serveApiDocsUi(app, options.apiDocsUiOf);
  return app;
}

/** The app's `Metrics` (`MetricsModule`, in every service's infrastructure); none in an app without it. */
function metricsOf(app: NestExpressApplication): Metrics | undefined {
  try {
    return app.get(Metrics, { strict: false });
  } catch {
    return undefined;
  }
}
