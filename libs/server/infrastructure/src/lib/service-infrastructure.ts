import type { DynamicModule, Type } from '@nestjs/common';
import { AuthModule, authOptionsFromEnv, tokenRevocationFromEnv, type AuthOptions } from '@kbe/server-auth';
import { ServiceCoreModule } from '@kbe/server-bootstrap';
import type { AuthEnv, KafkaEnv, MongoEnv, ServiceEnv } from '@kbe/server-config';
import { DatabaseModule, databaseOptionsFromEnv, MongoHealthIndicator } from '@kbe/server-database';
import { ChromiumHealthIndicator, chromiumHealthProviders, HealthModule, type DependencyHealthIndicator } from '@kbe/server-health';
import { KafkaHealthIndicator, MessagingModule, messagingOptionsFromEnv } from '@kbe/server-messaging';
import { MetricsModule } from '@kbe/server-metrics';
import { StorageHealthIndicator, StorageModule, type MinioStorageOptions } from '@kbe/server-storage';

/** What the infrastructure reads from a service's validated runtime config. */
type InfrastructureEnv = Pick<ServiceEnv, 'LOG_LEVEL'> & MongoEnv & KafkaEnv & AuthEnv & { ADMIN_SERVICE_URL?: string | undefined };

export interface ServiceInfrastructureOptions {
  /** MinIO, for services that keep files. */
  storage?: MinioStorageOptions;
  /** Chromium, for services that render. */
  chromiumPath?: string;
  /**
   * admin-service, which issues admin tokens: its auth options with the signing key. It keeps the
   * revoked tokens itself; every other service verifies only and asks admin-service about logouts.
   */
  issuesTokens?: AuthOptions;
}

/**
 * What every service stands on: config and logging, metrics (`GET /metrics`), MongoDB, Kafka
 * (outbox publisher), admin auth, and `GET /api/health/<service>` with one check per dependency
 * it was given. Global providers: `@InjectConfig()`, `Metrics`, `EventPublisher`, `FILE_STORAGE`,
 * `@AdminOnly()`.
 */
export function serviceInfrastructure<TConfig extends InfrastructureEnv>(
  service: string,
  config: TConfig,
  { storage, chromiumPath, issuesTokens }: ServiceInfrastructureOptions = {},
): DynamicModule[] {
  const indicators: Array<Type<DependencyHealthIndicator>> = [MongoHealthIndicator, KafkaHealthIndicator];
  if (storage) indicators.push(StorageHealthIndicator);
  if (chromiumPath) indicators.push(ChromiumHealthIndicator);
  return [
    ServiceCoreModule.forRoot({ service, config }),
    MetricsModule.forRoot({ service }),
    DatabaseModule.forRoot(databaseOptionsFromEnv(service, config)),
    MessagingModule.forRoot(messagingOptionsFromEnv(service, config)),
    ...(storage ? [StorageModule.forRoot(storage)] : []),
    issuesTokens
      ? AuthModule.forRoot(issuesTokens)
      : AuthModule.forRoot(authOptionsFromEnv(config), { revocation: tokenRevocationFromEnv(config) }),
    HealthModule.forRoot({
      service,
      indicators,
      providers: chromiumPath ? chromiumHealthProviders(chromiumPath) : [],
    }),
  ];
}
