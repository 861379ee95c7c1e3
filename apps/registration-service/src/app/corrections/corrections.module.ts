import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CandidatesModule } from '../candidates/candidates.module';
import { PortalModule } from '../portal/portal.module';
import {
  CORRECTION_REQUEST_STORE,
  CorrectionCounterDocument,
  CorrectionCounterSchema,
  CorrectionRequestDocument,
  CorrectionRequestSchema,
  CorrectionScopeIndexDocument,
  CorrectionScopeIndexSchema,
  MongoCorrectionRequestStore,
  OpenCorrectionDocument,
  OpenCorrectionSchema,
} from './correction-request.store';
import { InternalCorrectionsController } from './internal-corrections.controller';
import { PortalCorrectionsController } from './portal-corrections.controller';
import { DecideCorrectionUseCase } from './usecases/decide-correction.usecase';
import { ReadCorrectionsUseCase } from './usecases/read-corrections.usecase';
import { RequestCorrectionUseCase } from './usecases/request-correction.usecase';

/**
 * Corrections of a pupil's details (issue 27): asked by the school or mentor in the portal (its
 * session guard, from PortalModule), decided by an admin through admin-service (internal API),
 * carried out by the admin edit's use case. Requests in `correction_requests` (docs/corrections.md).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CorrectionRequestDocument.name, schema: CorrectionRequestSchema },
      { name: OpenCorrectionDocument.name, schema: OpenCorrectionSchema },
      { name: CorrectionScopeIndexDocument.name, schema: CorrectionScopeIndexSchema },
      { name: CorrectionCounterDocument.name, schema: CorrectionCounterSchema },
    ]),
    CandidatesModule,
    PortalModule,
  ],
  controllers: [PortalCorrectionsController, InternalCorrectionsController],
  providers: [{ provide: CORRECTION_REQUEST_STORE, useClass: MongoCorrectionRequestStore }, RequestCorrectionUseCase, ReadCorrectionsUseCase, DecideCorrectionUseCase],
})
export class CorrectionsModule {}
