import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { InternalHttpClient } from '@kbe/server-auth';
import { APP_CONFIG } from '@kbe/server-config';
import { AuditModule } from '../audit/audit.module';
import type { ExamsConfig } from '../exams.config';
import { SeatAllocationModule } from '../seat-allocation/seat-allocation.module';
import { SeatsModule } from '../seat-allocation/seats.module';
import { CandidateErasedController } from './candidate-erased.controller';
import { MeritListController } from './merit-list.controller';
import { MongoResultRepository, RESULT_REPOSITORY } from './result.repository';
import { ResultDocument, ResultLevelDocument, ResultLevelSchema, ResultSchema } from './result.schema';
import { HttpResultsHandOver, RESULTS_HAND_OVER } from './results-hand-over';
import { ResultsController } from './results.controller';
import { ResultsPublicationRunner } from './results-publication.runner';
import { HttpSchoolResultsPdfClient, SCHOOL_RESULTS_PDF_CLIENT } from './school-results-pdf.client';
import { EraseCandidateResultsUseCase } from './usecases/erase-candidate-results.usecase';
import { ImportResultsUseCase } from './usecases/import-results.usecase';
import { MeritListUseCase } from './usecases/merit-list.usecase';
import { PublishResultsUseCase } from './usecases/publish-results.usecase';
import { ReadResultsUseCase } from './usecases/read-results.usecase';
import { SchoolResultsPdfUseCase } from './usecases/school-results-pdf.usecase';
import { WithdrawResultsUseCase } from './usecases/withdraw-results.usecase';

/** A level's results: imported against the seats, ranked, published to registration-service; the public merit list; an erased candidate's results removed (candidate.erased). */
@Module({
  imports: [
    SeatsModule,
    SeatAllocationModule,
    AuditModule,
    MongooseModule.forFeature([
      { name: ResultDocument.name, schema: ResultSchema },
      { name: ResultLevelDocument.name, schema: ResultLevelSchema },
    ]),
  ],
  controllers: [ResultsController, MeritListController, CandidateErasedController],
  providers: [
    { provide: RESULT_REPOSITORY, useClass: MongoResultRepository },
    {
      provide: RESULTS_HAND_OVER,
      inject: [APP_CONFIG],
      useFactory: (config: ExamsConfig) =>
        new HttpResultsHandOver(new InternalHttpClient({ baseUrl: config.REGISTRATION_SERVICE_URL, internalToken: config.INTERNAL_API_TOKEN, timeoutMs: 30_000 })),
    },
    {
      provide: SCHOOL_RESULTS_PDF_CLIENT,
      inject: [APP_CONFIG],
      useFactory: (config: ExamsConfig) =>
        new HttpSchoolResultsPdfClient(new InternalHttpClient({ baseUrl: config.DOCUMENTS_SERVICE_URL, internalToken: config.INTERNAL_API_TOKEN, timeoutMs: 60_000 })),
    },
    ResultsPublicationRunner,
    ImportResultsUseCase,
    ReadResultsUseCase,
    PublishResultsUseCase,
    WithdrawResultsUseCase,
    MeritListUseCase,
    SchoolResultsPdfUseCase,
    EraseCandidateResultsUseCase,
  ],
})
export class ResultsModule {}
