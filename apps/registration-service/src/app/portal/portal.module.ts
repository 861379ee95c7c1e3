import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CandidatesModule } from '../candidates/candidates.module';
import { ConsentModule } from '../consent/consent.module';
import { KafkaOtpSmsRequester, OTP_SMS_REQUESTER } from '../consent/otp-sms.requester';
import { MentorsModule } from '../mentors/mentors.module';
import { SchoolsModule } from '../schools/schools.module';
import { ClassHallTicketsJobDocument, ClassHallTicketsJobSchema } from './hall-tickets/class-hall-tickets-job.store';
import { classHallTicketsProviders } from './hall-tickets/class-hall-tickets.providers';
import { PortalHallTicketsController } from './hall-tickets/portal-hall-tickets.controller';
import { PortalAccounts } from './portal-accounts';
import { PortalSessionGuard } from './portal-session.guard';
import { MongoPortalSessionStore, PORTAL_SESSION_STORE, PortalSessionDocument, PortalSessionSchema } from './portal-session.store';
import { PortalSignInController } from './portal-sign-in.controller';
import { PortalController } from './portal.controller';
import { PortalResultsController } from './results/portal-results.controller';
import { portalResultsProviders } from './results/portal-results.providers';
import { ObjectStoragePortalImportFiles, PORTAL_IMPORT_FILES } from './imports/portal-import.files';
import { PortalImportRunner } from './imports/portal-import.runner';
import { MongoPortalImportStore, PORTAL_IMPORT_STORE, PortalImportDocument, PortalImportSchema } from './imports/portal-import.store';
import { PortalImportUploadInterceptor } from './imports/portal-import-upload.interceptor';
import { PortalImportsController } from './imports/portal-imports.controller';
import { ReadPortalImportsUseCase } from './imports/read-portal-imports.usecase';
import { StartPortalImportUseCase } from './imports/start-portal-import.usecase';
import { DescribePortalAccountUseCase } from './usecases/describe-portal-account.usecase';
import { EndPortalSessionUseCase } from './usecases/end-portal-session.usecase';
import { ListPortalCandidatesUseCase } from './usecases/list-portal-candidates.usecase';
import { ListPortalMentorsUseCase } from './usecases/list-portal-mentors.usecase';
import { SendPortalOtpUseCase } from './usecases/send-portal-otp.usecase';
import { StartPortalSessionUseCase } from './usecases/start-portal-session.usecase';

/**
 * The school and mentor portal (docs/adr/0008): sign-in by a code sent to the registered mobile
 * (the consent codes' OtpService, purpose `portal-sign-in`), sessions by `_id` in
 * `portal_sessions`, the school's or mentor's pupils from the candidate directory, and bulk
 * registration (jobs in `portal_imports`, their uploads in the `portal-imports` bucket), every row
 * through the public form's RegisterCandidateUseCase.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PortalSessionDocument.name, schema: PortalSessionSchema },
      { name: PortalImportDocument.name, schema: PortalImportSchema },
    ]),
    MongooseModule.forFeature([{ name: ClassHallTicketsJobDocument.name, schema: ClassHallTicketsJobSchema }]),
    SchoolsModule,
    MentorsModule,
    CandidatesModule,
    // its OtpService (the `otp_challenges` and `otp_sends` collections)
    ConsentModule,
  ],
  // PortalController first: its GET imports/template.csv is matched before imports/:id
  controllers: [PortalSignInController, PortalController, PortalHallTicketsController, PortalResultsController, PortalImportsController],
  providers: [
    { provide: PORTAL_SESSION_STORE, useClass: MongoPortalSessionStore },
    { provide: OTP_SMS_REQUESTER, useClass: KafkaOtpSmsRequester },
    PortalAccounts,
    PortalSessionGuard,
    SendPortalOtpUseCase,
    StartPortalSessionUseCase,
    EndPortalSessionUseCase,
    ListPortalCandidatesUseCase,
    ListPortalMentorsUseCase,
    DescribePortalAccountUseCase,
    ...classHallTicketsProviders,
    ...portalResultsProviders,
    { provide: PORTAL_IMPORT_STORE, useClass: MongoPortalImportStore },
    { provide: PORTAL_IMPORT_FILES, useClass: ObjectStoragePortalImportFiles },
    PortalImportRunner,
    PortalImportUploadInterceptor,
    StartPortalImportUseCase,
    ReadPortalImportsUseCase,
  ],
  // the session guard's store, for portal routes of other modules (corrections)
  exports: [PORTAL_SESSION_STORE, PortalSessionGuard],
})
export class PortalModule {}
