import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { REGISTRATION_CLIENT, type RegistrationClient } from '../common/registration.client';
import { MongoReleaseJobRepository, RELEASE_JOB_REPOSITORY } from './release-job.repository';
import { ReleaseJobDocument, ReleaseJobSchema } from './release-job.schema';
import { RELEASE_JOB_RUNNER_OPTIONS, ReleaseJobRunner } from './release-job.runner';
import { RegistrationReleaseTarget, RELEASE_TARGET } from './release-target';
import { ReleasesController } from './releases.controller';

/** Bulk hall-ticket and certificate release jobs. */
@Module({
  imports: [MongooseModule.forFeature([{ name: ReleaseJobDocument.name, schema: ReleaseJobSchema }])],
  controllers: [ReleasesController],
  providers: [
    { provide: RELEASE_JOB_REPOSITORY, useClass: MongoReleaseJobRepository },
    {
      provide: RELEASE_TARGET,
      useFactory: (registration: RegistrationClient) => new RegistrationReleaseTarget(registration),
      inject: [REGISTRATION_CLIENT],
    },
    { provide: RELEASE_JOB_RUNNER_OPTIONS, useValue: { retryDelayMs: 1000 } },
    ReleaseJobRunner,
  ],
})
export class ReleasesModule {}
