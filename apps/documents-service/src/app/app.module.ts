import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule, authOptionsFromEnv, tokenRevocationFromEnv } from '@kbe/server-auth';
import { ServiceCoreModule } from '@kbe/server-bootstrap';
import { DatabaseModule, databaseOptionsFromEnv, MongoHealthIndicator } from '@kbe/server-database';
import { ChromiumHealthIndicator, chromiumHealthProviders, HealthModule } from '@kbe/server-health';
import { KafkaHealthIndicator, MessagingModule, messagingOptionsFromEnv } from '@kbe/server-messaging';
import { StorageHealthIndicator, StorageModule, storageOptionsFromEnv } from '@kbe/server-storage';
import { SERVICE_NAME, type DocumentsConfig } from './documents.config';
import { DocumentsModule } from './documents.module';

/**
 * documents-service: hall tickets and certificates (handlebars -> Chromium -> PDF, cached in MinIO).
 * Dependencies: MongoDB, Kafka, MinIO, Chromium.
 */
@Module({})
export class AppModule {
  static forRoot(config: DocumentsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({ service: SERVICE_NAME, config }),
        DatabaseModule.forRoot(databaseOptionsFromEnv(SERVICE_NAME, config)),
        MessagingModule.forRoot(messagingOptionsFromEnv(SERVICE_NAME, config)),
        StorageModule.forRoot(storageOptionsFromEnv(config)),
        AuthModule.forRoot(authOptionsFromEnv(config), { revocation: tokenRevocationFromEnv(config) }),
        HealthModule.forRoot({
          service: SERVICE_NAME,
          indicators: [MongoHealthIndicator, KafkaHealthIndicator, StorageHealthIndicator, ChromiumHealthIndicator],
          providers: chromiumHealthProviders(config.CHROMIUM_PATH),
        }),

        DocumentsModule.forRoot(config),
      ],
    };
  }
}
