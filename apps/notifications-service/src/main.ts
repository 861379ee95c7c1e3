import { bootstrapService } from '@kbe/server-bootstrap';
import { AppModule } from './app/app.module';
import { notificationsEnvSchema, SERVICE_NAME } from './app/notifications.config';

// When the first @EventPattern handler lands, add:
//   consumer: (config) => kafkaConsumerStrategy({ service: SERVICE_NAME, brokers: config.KAFKA_BROKERS, topicPrefix: config.KAFKA_TOPIC_PREFIX }),
void bootstrapService({
  service: SERVICE_NAME,
  envSchema: notificationsEnvSchema,
  module: (config) => AppModule.forRoot(config),
  description: 'SMS notifications fed by Kafka events.',
});
