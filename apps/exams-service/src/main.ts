import './tracing';
import { bootstrapService } from '@kbe/server-bootstrap';
import { kafkaConsumerStrategy } from '@kbe/server-messaging';
import { AppModule } from './app/app.module';
import { examsEnvSchema, LARGE_JSON_BODIES, SERVICE_NAME } from './app/exams.config';

void bootstrapService({
  service: SERVICE_NAME,
  envSchema: examsEnvSchema,
  module: (config) => AppModule.forRoot(config),
  // Consumer group `exams-service` (prefixed like the topics): candidate.erased.
  consumer: (config) =>
    kafkaConsumerStrategy({
      service: SERVICE_NAME,
      brokers: config.KAFKA_BROKERS,
      topicPrefix: config.KAFKA_TOPIC_PREFIX,
    }),
  description: 'Exam operations: centres with their rooms and sittings, seat allocation, attendance, results.',
  largeJsonBodies: LARGE_JSON_BODIES,
});
