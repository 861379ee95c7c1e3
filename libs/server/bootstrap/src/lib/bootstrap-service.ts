import type { DynamicModule } from '@nestjs/common';
import type { CustomStrategy } from '@nestjs/microservices';
import { loadConfigOrExit, type ServiceEnv } from '@kbe/server-config';
import { errorMessage } from './error-message';
import { Logger } from 'nestjs-pino';
import type { z } from 'zod';
import { createServiceApp } from './create-service-app';

export interface BootstrapOptions<S extends z.ZodType<ServiceEnv, unknown>> {
  /** e.g. `registration-service` */
  service: string;
  /** The service's env schema; validated once, before anything starts. */
  envSchema: S;
  /** Root module built from the validated config. */
  module: (config: z.output<S>) => DynamicModule;
  /** Kafka consumer transport, for services that consume events. */
  consumer?: (config: z.output<S>) => CustomStrategy;
  description?: string;
  /** Serve the browsable documentation of these services' OpenAPI documents at `/api/docs/` (one service does). */
  apiDocsUiOf?: readonly string[];
  /** Internal routes whose JSON bodies may exceed HTTP_BODY_LIMIT (see createServiceApp). */
  largeJsonBodies?: readonly { path: string; limit: string }[];
}

/**
 * Entry point of a service: validates the env (exit 1 with one line naming the variables),
 * builds the app, closes Kafka and MongoDB on SIGTERM/SIGINT, and listens on PORT.
 */
export async function bootstrapService<S extends z.ZodType<ServiceEnv, unknown>>(options: BootstrapOptions<S>): Promise<void> {
  const config = loadConfigOrExit(options.envSchema);
  try {
    const app = await createServiceApp({
      service: options.service,
      module: options.module(config),
      config,
      description: options.description,
      apiDocsUiOf: options.apiDocsUiOf,
      consumer: options.consumer?.(config),
      largeJsonBodies: options.largeJsonBodies,
    });
    app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
    if (options.consumer) await app.startAllMicroservices();
    await app.listen(config.PORT, config.HOST);
    app.get(Logger).log(`${options.service} listening on port ${config.PORT}`, 'Bootstrap');
  } catch (error) {
    process.stderr.write(`${options.service} failed to start: ${errorMessage(error)}\n`);
    process.exit(1);
  }
}
