import './tracing';
import { bootstrapService } from '@kbe/server-bootstrap';
import { kafkaConsumerStrategy } from '@kbe/server-messaging';
import { AppModule } from './app/app.module';
import { documentsEnvSchema, LARGE_JSON_BODIES, SERVICE_NAME } from './app/documents.config';

void bootstrapService({
  service: SERVICE_NAME,
  envSchema: documentsEnvSchema,
  module: (config) => AppModule.forRoot(config),
  consumer: (config) =>
    kafkaConsumerStrategy({
      service: SERVICE_NAME,
      brokers: config.KAFKA_BROKERS,
      topicPrefix: config.KAFKA_TOPIC_PREFIX,
      concurrencyPerPartition: config.RENDER_AHEAD_EVENTS_AT_ONCE,
    }),
  description: 'Hall tickets and certificates as PDF.',
  largeJsonBodies: LARGE_JSON_BODIES,
});
