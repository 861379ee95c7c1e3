import './tracing';
import { bootstrapService } from '@kbe/server-bootstrap';
import { AppModule } from './app/app.module';
import { registrationEnvSchema, SERVICE_NAME } from './app/registration.config';

void bootstrapService({
  service: SERVICE_NAME,
  envSchema: registrationEnvSchema,
  module: (config) => AppModule.forRoot(config),
  description: 'Schools, mentors, candidates, search, statistics and contact messages.',
});
