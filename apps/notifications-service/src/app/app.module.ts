import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule, authOptionsFromEnv, tokenRevocationFromEnv } from '@kbe/server-auth';
import { ServiceCoreModule } from '@kbe/server-bootstrap';
import { DatabaseModule, databaseOptionsFromEnv, MongoHealthIndicator } from '@kbe/server-database';
import { HealthModule } from '@kbe/server-health';
import { KafkaHealthIndicator, MessagingModule, messagingOptionsFromEnv } from '@kbe/server-messaging';
import { SERVICE_NAME, type NotificationsConfig } from './notifications.config';
import { SmsModule } from './sms/sms.module';

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
        MessagingModule.forRoot(messagingOptionsFromEnv(SERVICE_NAME, config)),
        AuthModule.forRoot(authOptionsFromEnv(config), { revocation: tokenRevocationFromEnv(config) }),
        HealthModule.forRoot({ service: SERVICE_NAME, indicators: [MongoHealthIndicator, KafkaHealthIndicator] }),
        SmsModule,
      ],
    };
  }
}
