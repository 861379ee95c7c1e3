import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG } from '@kbe/server-config';
import { CandidatesModule } from '../candidates/candidates.module';
import { ConsentModule } from '../consent/consent.module';
import { otpHashKey } from '../consent/otp-hash-key';
import type { RegistrationConfig } from '../registration.config';
import { GUARDIAN_SESSIONS } from './data-rights.tokens';
import { CandidateEraser } from './erasure/candidate-eraser';
import { CandidateErasureDocument, CandidateErasureSchema, CandidateErasureStore } from './erasure/candidate-erasure.store';
import { ErasureAuditClient } from './erasure/erasure-audit.client';
import { ErasureWorker } from './erasure/erasure.worker';
import { CandidateDataExportUseCase } from './export/candidate-data-export.usecase';
import { DocumentsPdfClient } from './export/documents-pdf.client';
import { GuardianRightsController } from './guardian-rights.controller';
import { GuardianSessions } from './guardian-session';
import { InternalDataRightsController } from './internal-data-rights.controller';
import {
  CandidateDataRequestsDocument,
  CandidateDataRequestsSchema,
  DataRequestCounterDocument,
  DataRequestCounterSchema,
  DataRequestDocument,
  DataRequestSchema,
  DataRequestStore,
  OpenDataRequestDocument,
  OpenDataRequestSchema,
} from './requests/data-request.store';
import { FileDataRequestUseCase } from './requests/file-data-request.usecase';
import { ResolveDataRequestUseCase } from './requests/resolve-data-request.usecase';
import { RetentionPurgeJob } from './retention/retention-purge.job';
import { RetentionRunDocument, RetentionRunSchema, RetentionStore } from './retention/retention.store';
import { StartGuardianSessionUseCase } from './start-guardian-session.usecase';
import { WithdrawConsentUseCase } from './withdraw-consent.usecase';

/**
 * A guardian's rights over a candidate's data (docs/privacy-rights.md): withdrawal and erasure, the data
 * export, correction and erasure requests with the admin queue, and the edition's retention purge.
 */
@Module({
  imports: [
    CandidatesModule,
    ConsentModule,
    MongooseModule.forFeature([
      { name: CandidateErasureDocument.name, schema: CandidateErasureSchema },
      { name: DataRequestDocument.name, schema: DataRequestSchema },
      { name: OpenDataRequestDocument.name, schema: OpenDataRequestSchema },
      { name: CandidateDataRequestsDocument.name, schema: CandidateDataRequestsSchema },
      { name: DataRequestCounterDocument.name, schema: DataRequestCounterSchema },
      { name: RetentionRunDocument.name, schema: RetentionRunSchema },
    ]),
  ],
  controllers: [GuardianRightsController, InternalDataRightsController],
  providers: [
    { provide: GUARDIAN_SESSIONS, useFactory: (config: RegistrationConfig) => new GuardianSessions(otpHashKey(config)), inject: [APP_CONFIG] },
    CandidateErasureStore,
    CandidateEraser,
    ErasureAuditClient,
    ErasureWorker,
    DataRequestStore,
    FileDataRequestUseCase,
    ResolveDataRequestUseCase,
    CandidateDataExportUseCase,
    DocumentsPdfClient,
    WithdrawConsentUseCase,
    StartGuardianSessionUseCase,
    RetentionStore,
    RetentionPurgeJob,
  ],
})
export class DataRightsModule {}
