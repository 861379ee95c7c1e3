import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule, authOptionsFromEnv } from '@kbe/server-auth';
import { CspReportModule, ServiceCoreModule } from '@kbe/server-bootstrap';
import { DatabaseModule, databaseOptionsFromEnv, MongoHealthIndicator } from '@kbe/server-database';
import { HealthModule } from '@kbe/server-health';
import { KafkaHealthIndicator, MessagingModule, messagingOptionsFromEnv } from '@kbe/server-messaging';
import { SERVICE_NAME, type AdminConfig } from './admin.config';
import { AdminsModule } from './admins/admins.module';
import { SystemHealthModule } from './system-health/system-health.module';

/**
 * admin-service: login (JWT), dashboard, lists, releases, SMS campaign requests, audit, and the
 * aggregate health of all services, CSP violation reports. Dependencies: MongoDB, Kafka.
 */
@Module({})
export class AppModule {
  static forRoot(config: AdminConfig): DynamicModule {
    const seedAccount =
      config.ADMIN_USERNAME && config.ADMIN_PASSWORD
        ? { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD }
        : undefined;
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({ service: SERVICE_NAME, config }),
        DatabaseModule.forRoot(databaseOptionsFromEnv(SERVICE_NAME, config)),
        MessagingModule.forRoot(messagingOptionsFromEnv(SERVICE_NAME, config)),
        AuthModule.forRoot(authOptionsFromEnv(config)),
        HealthModule.forRoot({ service: SERVICE_NAME, indicators: [MongoHealthIndicator, KafkaHealthIndicator] }),
        // POST /api/csp-report: the browsers' Content-Security-Policy violation reports (tools/security)
        CspReportModule.forRoot(),

        // Domain modules
        AdminsModule.forRoot({ seedAccount }),
        SystemHealthModule.forRoot({
          timeoutMs: config.HEALTH_PROBE_TIMEOUT_MS,
          services: {
            'registration-service': config.REGISTRATION_SERVICE_URL,
            'documents-service': config.DOCUMENTS_SERVICE_URL,
            'admin-service': config.ADMIN_SERVICE_URL,
            'notifications-service': config.NOTIFICATIONS_SERVICE_URL,
          },
        }),
      ],
    };
  }
}
