import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule, authOptionsFromEnv, tokenRevocationFromEnv } from '@kbe/server-auth';
import { ServiceCoreModule } from '@kbe/server-bootstrap';
import { DatabaseModule, databaseOptionsFromEnv, MongoHealthIndicator } from '@kbe/server-database';
import { HealthModule } from '@kbe/server-health';
import { KafkaHealthIndicator, MessagingModule, messagingOptionsFromEnv } from '@kbe/server-messaging';
import { StorageHealthIndicator, StorageModule, storageOptionsFromEnv } from '@kbe/server-storage';
import { CandidatesModule } from './candidates/candidates.module';
import type { Clock } from './common/clock';
import { RegistrationCommonModule } from './common/registration-common.module';
import { ContactModule } from './contact/contact.module';
import { InternalModule } from './internal/internal.module';
import { MentorsModule } from './mentors/mentors.module';
import { SERVICE_NAME, type RegistrationConfig } from './registration.config';
import { SchoolsModule } from './schools/schools.module';
import { StatisticsModule } from './statistics/statistics.module';

/** Replacements for in-process tests (never read from env). */
export interface AppModuleOverrides {
  clock?: Clock;
}

/**
 * registration-service: schools, mentors, candidates, search, statistics, contact.
 * Dependencies: MongoDB, Kafka, MinIO (photos and signatures).
 */
@Module({})
export class AppModule {
  static forRoot(config: RegistrationConfig, overrides: AppModuleOverrides = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // Infrastructure (global providers: @InjectConfig(), EventPublisher, FILE_STORAGE, @AdminOnly()).
        ServiceCoreModule.forRoot({ service: SERVICE_NAME, config }),
        DatabaseModule.forRoot(databaseOptionsFromEnv(SERVICE_NAME, config)),
        MessagingModule.forRoot(messagingOptionsFromEnv(SERVICE_NAME, config)),
        StorageModule.forRoot(storageOptionsFromEnv(config)),
        AuthModule.forRoot(authOptionsFromEnv(config), { revocation: tokenRevocationFromEnv(config) }),
        HealthModule.forRoot({
          service: SERVICE_NAME,
          indicators: [MongoHealthIndicator, KafkaHealthIndicator, StorageHealthIndicator],
        }),

        // Domain modules: one per folder under src/app (schools, mentors, candidates, ...).
        RegistrationCommonModule.forRoot({ config, clock: overrides.clock }),
        SchoolsModule,
        MentorsModule,
        CandidatesModule,
        ContactModule,
        StatisticsModule,
        InternalModule,
      ],
    };
  }
}
