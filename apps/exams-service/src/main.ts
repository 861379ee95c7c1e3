import './tracing';
import { bootstrapService } from '@kbe/server-bootstrap';
import { AppModule } from './app/app.module';
import { examsEnvSchema, LARGE_JSON_BODIES, SERVICE_NAME } from './app/exams.config';

void bootstrapService({
  service: SERVICE_NAME,
  envSchema: examsEnvSchema,
  module: (config) => AppModule.forRoot(config),
  description: 'Exam operations: centres with their rooms and sittings, seat allocation, attendance, results.',
  largeJsonBodies: LARGE_JSON_BODIES,
});
