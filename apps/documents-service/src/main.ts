import { bootstrapService } from '@kbe/server-bootstrap';
import { AppModule } from './app/app.module';
import { documentsEnvSchema, SERVICE_NAME } from './app/documents.config';

void bootstrapService({
  service: SERVICE_NAME,
  envSchema: documentsEnvSchema,
  module: (config) => AppModule.forRoot(config),
  description: 'Hall tickets and certificates as PDF.',
});
