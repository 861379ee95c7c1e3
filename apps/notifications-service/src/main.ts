import './tracing';
import { bootstrapService } from '@kbe/server-bootstrap';
import { kafkaConsumerStrategy } from '@kbe/server-messaging';
import { AppModule } from './app/app.module';
import { notificationsEnvSchema, SERVICE_NAME } from './app/notifications.config';

void bootstrapService({
  service: SERVICE_NAME,
  envSchema: notificationsEnvSchema,
  module: (config) => AppModule.forRoot(config),
  // Consumer group `notifications-service` (prefixed like the topics).
  consumer: (config) =>
    kafkaConsumerStrategy({
      service: SERVICE_NAME,
      brokers: config.KAFKA_BROKERS,
      topicPrefix: config.KAFKA_TOPIC_PREFIX,
      concurrencyPerPartition: config.SMS_EVENT_CONCURRENCY,
    }),
  description: 'SMS notifications fed by Kafka events.',
});
