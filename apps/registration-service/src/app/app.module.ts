import { DynamicModule, Module } from '@nestjs/common';
import { serviceInfrastructure } from '@kbe/server-infrastructure';
import { storageOptionsFromEnv } from '@kbe/server-storage';
import { CandidatesModule } from './candidates/candidates.module';
import { ConsentModule } from './consent/consent.module';
import type { Clock } from './common/clock';
import { RegistrationCommonModule } from './common/registration-common.module';
import { ContactModule } from './contact/contact.module';
import { CorrectionsModule } from './corrections/corrections.module';
import { DataRightsModule } from './data-rights/data-rights.module';
import { InternalModule } from './internal/internal.module';
import { MentorsModule } from './mentors/mentors.module';
import { PortalModule } from './portal/portal.module';
import { SERVICE_NAME, type RegistrationConfig } from './registration.config';
import { SchoolsModule } from './schools/schools.module';
import { StatisticsModule } from './statistics/statistics.module';

/** Replacements for in-process tests (never read from env). */
export interface AppModuleOverrides {
  clock?: Clock;
}

/**
 * registration-service: schools, mentors, candidates, search, statistics, contact, the school portal.
 * Dependencies: MongoDB, Kafka, MinIO (photos and signatures).
 */
@Module({})
export class AppModule {
  static forRoot(config: RegistrationConfig, overrides: AppModuleOverrides = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...serviceInfrastructure(SERVICE_NAME, config, { storage: storageOptionsFromEnv(config) }),

        // Domain modules: one per folder under src/app (schools, mentors, candidates, ...).
        RegistrationCommonModule.forRoot({ config, clock: overrides.clock }),
        SchoolsModule,
        MentorsModule,
        CandidatesModule,
        ConsentModule,
        DataRightsModule,
        ContactModule,
        StatisticsModule,
        PortalModule,
        CorrectionsModule,
        InternalModule,
      ],
    };
  }
}
