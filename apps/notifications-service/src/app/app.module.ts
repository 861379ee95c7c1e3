import { DynamicModule, Module } from '@nestjs/common';
import { serviceInfrastructure } from '@kbe/server-infrastructure';
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
        ...serviceInfrastructure(SERVICE_NAME, config),
        SmsModule,
      ],
    };
  }
}
