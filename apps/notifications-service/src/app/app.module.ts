import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule, authOptionsFromEnv, tokenRevocationFromEnv } from '@kbe/server-auth';
import { ServiceCoreModule } from '@kbe/server-bootstrap';
import { DatabaseModule, databaseOptionsFromEnv, MongoHealthIndicator } from '@kbe/server-database';
import { HealthModule } from '@kbe/server-health';
import { KafkaHealthIndicator, MessagingModule, messagingOptionsFromEnv } from '@kbe/server-messaging';
import { SERVICE_NAME, type NotificationsConfig } from './notifications.config';
import { SmsModule } from './sms/sms.module';

/** notifications-service writes nothing to the outbox: see below. */
const OUTBOX_POLL_MS = 60_000;

/**
 * notifications-service: consumes events from Kafka, SMS fan-out, provider adapters, delivery log.
 * Dependencies: MongoDB, Kafka.
 */
@Module({})
export class AppModule {
  static forRoot(config: NotificationsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({ service: SERVICE_NAME, config }),
        DatabaseModule.forRoot(databaseOptionsFromEnv(SERVICE_NAME, config)),
        // It publishes to Kafka directly once its work is recorded and writes nothing to the
        // outbox; polling the empty outbox every second only loaded the database its delivery log
        // writes to (FerretDB's SQLite has one writer), so the relay looks once a minute.
        MessagingModule.forRoot({ ...messagingOptionsFromEnv(SERVICE_NAME, config), relay: { intervalMs: OUTBOX_POLL_MS } }),
        AuthModule.forRoot(authOptionsFromEnv(config), { revocation: tokenRevocationFromEnv(config) }),
        HealthModule.forRoot({ service: SERVICE_NAME, indicators: [MongoHealthIndicator, KafkaHealthIndicator] }),
        SmsModule,
      ],
    };
  }
}
