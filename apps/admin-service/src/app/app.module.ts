import { DynamicModule, Global, Module } from '@nestjs/common';
import { signingAuthOptionsFromEnv } from '@kbe/server-auth';
import { CspReportModule } from '@kbe/server-bootstrap';
import { serviceInfrastructure } from '@kbe/server-infrastructure';
import { SERVICE_NAME, type AdminConfig } from './admin.config';
import { AdminsModule } from './admins/admins.module';
import { SessionsModule } from './admins/sessions.module';
import { AuditModule } from './audit/audit.module';
import { CLOCK, systemClock, type Clock } from './common/clock';
import { CorrectionsModule } from './corrections/corrections.module';
import { DirectoryModule } from './directory/directory.module';
import { PrivacyModule } from './privacy/privacy.module';
import { ReleasesModule } from './releases/releases.module';
import { SmsModule } from './sms/sms.module';
import { SystemHealthModule } from './system-health/system-health.module';

@Global()
@Module({})
class ClockModule {
  static forRoot(clock: Clock): DynamicModule {
    return { module: ClockModule, providers: [{ provide: CLOCK, useValue: clock }], exports: [CLOCK] };
  }
}

export interface AppModuleOverrides {
  clock?: Clock;
}

/**
 * admin-service: login (EdDSA JWT), dashboard, lists, releases, SMS campaigns, audit, guardians'
 * data requests and retention, corrections of pupils' details, and the aggregate health of all services, CSP violation reports. Dependencies: MongoDB, Kafka, registration-service's internal API.
 */
@Module({})
export class AppModule {
  static forRoot(config: AdminConfig, overrides: AppModuleOverrides = {}): DynamicModule {
    const seedAccount =
      config.ADMIN_USERNAME && config.ADMIN_PASSWORD
        ? { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD }
        : undefined;
    return {
      module: AppModule,
      imports: [
        ...serviceInfrastructure(SERVICE_NAME, config, { issuesTokens: signingAuthOptionsFromEnv(config) }),
        // POST /api/csp-report: the browsers' Content-Security-Policy violation reports (tools/security)
        CspReportModule.forRoot(),
        ClockModule.forRoot(overrides.clock ?? systemClock),
        SessionsModule,
        AuditModule.forRoot({ trustedProxyHops: config.TRUSTED_PROXY_HOPS }),
        // Domain modules
        AdminsModule.forRoot({
          seedAccount,
          loginPolicy: {
            refuseDevelopmentPassword: config.NODE_ENV === 'production',
            slowDownAfter: config.LOGIN_SLOWDOWN_AFTER,
            lockAfter: config.LOGIN_LOCK_AFTER,
            windowSeconds: config.LOGIN_WINDOW_SECONDS,
          },
        }),
        DirectoryModule.forRoot({
          registrationServiceUrl: config.REGISTRATION_SERVICE_URL,
          internalApiToken: config.INTERNAL_API_TOKEN,
          fileLinkSecret: config.JWT_PRIVATE_KEY,
        }),
        ReleasesModule,
        PrivacyModule,
        CorrectionsModule,
        SmsModule.forRoot({ portalUrl: config.PORTAL_URL }),
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
