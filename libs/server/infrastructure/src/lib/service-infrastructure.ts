import type { DynamicModule, Type } from '@nestjs/common';
import { AuthModule, type AuthModuleExtras, type AuthOptions } from '@kbe/server-auth';
import { ServiceCoreModule } from '@kbe/server-bootstrap';
import type { KafkaEnv, MongoEnv, ServiceEnv } from '@kbe/server-config';
import { DatabaseModule, databaseOptionsFromEnv, MongoHealthIndicator } from '@kbe/server-database';
import { ChromiumHealthIndicator, chromiumHealthProviders, HealthModule, type DependencyHealthIndicator } from '@kbe/server-health';
import { KafkaHealthIndicator, MessagingModule, messagingOptionsFromEnv } from '@kbe/server-messaging';
import { StorageHealthIndicator, StorageModule, type MinioStorageOptions } from '@kbe/server-storage';

export interface ServiceInfrastructureOptions<TConfig extends Pick<ServiceEnv, 'LOG_LEVEL'> & MongoEnv & KafkaEnv> {
  service: string;
  /** The service's validated runtime config (`@InjectConfig()` serves it to every module). */
  config: TConfig;
  /** Admin tokens: verification only, or (admin-service) signing too. */
  auth: AuthOptions;
  /** Where revoked tokens (logout) are looked up; see `AuthModuleExtras`. */
  revocation?: AuthModuleExtras['revocation'];
  /** MinIO, for services that keep files. */
  storage?: MinioStorageOptions;
  /** Chromium, for services that render. */
  chromiumPath?: string;
}

/**
 * What every service stands on: config and logging, MongoDB, Kafka (outbox publisher), admin
 * auth, and `GET /api/health/<service>` with one check per dependency it was given. Global
 * providers: `@InjectConfig()`, `EventPublisher`, `FILE_STORAGE`, `@AdminOnly()`.
 */
export function serviceInfrastructure<TConfig extends Pick<ServiceEnv, 'LOG_LEVEL'> & MongoEnv & KafkaEnv>(
  options: ServiceInfrastructureOptions<TConfig>,
): DynamicModule[] {
  const { service, config, storage, chromiumPath } = options;
  const indicators: Array<Type<DependencyHealthIndicator>> = [MongoHealthIndicator, KafkaHealthIndicator];
  if (storage) indicators.push(StorageHealthIndicator);
  if (chromiumPath) indicators.push(ChromiumHealthIndicator);
  return [
    ServiceCoreModule.forRoot({ service, config }),
    DatabaseModule.forRoot(databaseOptionsFromEnv(service, config)),
    MessagingModule.forRoot(messagingOptionsFromEnv(service, config)),
    ...(storage ? [StorageModule.forRoot(storage)] : []),
    AuthModule.forRoot(options.auth, { revocation: options.revocation }),
    HealthModule.forRoot({
      service,
      indicators,
      providers: chromiumPath ? chromiumHealthProviders(chromiumPath) : [],
    }),
  ];
}
