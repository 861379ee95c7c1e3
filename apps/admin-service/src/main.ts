import './tracing';
import { bootstrapService } from '@kbe/server-bootstrap';
import { adminEnvSchema, SERVICE_NAME } from './app/admin.config';
import { AppModule } from './app/app.module';
import { runCreateAdmin } from './app/admins/create-admin.command';

if (process.argv[2] === 'create-admin') {
  void runCreateAdmin(process.argv.slice(3)).then((code) => process.exit(code));
} else {
  void bootstrapService({
    service: SERVICE_NAME,
    envSchema: adminEnvSchema,
    module: (config) => AppModule.forRoot(config),
    // the browsable API documentation of every service (the edge routes /api/docs here)
    apiDocsUiOf: ['registration-service', 'documents-service', 'admin-service', 'notifications-service', 'exams-service'],
    description: 'Admin login, dashboard, lists, releases, SMS campaigns, audit, and the health of all services.',
  });
}
