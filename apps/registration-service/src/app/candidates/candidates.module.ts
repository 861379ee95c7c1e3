import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG } from '@kbe/server-config';
import type { Model } from 'mongoose';
import { RegistrationEventPublisher } from '../common/registration-event.publisher';
import { MentorsModule } from '../mentors/mentors.module';
import { CANDIDATE_DOCUMENTS_STORE, ObjectStorageCandidateDocuments } from './candidate-documents.store';
import { CandidateChangeAnnouncer } from './candidate-change.announcer';
import { CandidateSearchCache } from './candidate-search.cache';
import { CANDIDATE_REPOSITORY, MongoCandidateRepository, type CandidateRepository } from './candidate.repository';
import { CandidateDocument, CandidateSchema } from './candidate.schema';
import { CandidatesController } from './candidates.controller';
import { UploadLimitInterceptor } from './candidate-upload.interceptor';
import { CandidateDirectory } from './directory/candidate-directory';
import { CandidateDirectoryKeeper } from './directory/candidate-directory.keeper';
import { CANDIDATE_ENTRY_SOURCE, MongoCandidateEntrySource } from './directory/candidate-entry.source';
import { IMAGE_NORMALIZER, SharpImageNormalizer } from './image-normalizer';
import { ListCandidatesUseCase } from './usecases/list-candidates.usecase';
import { ManageCandidateUseCase } from './usecases/manage-candidate.usecase';
import { RegisterCandidateUseCase } from './usecases/register-candidate.usecase';
import { ReleaseDocumentsUseCase } from './usecases/release-documents.usecase';
import { AssignExamSeatsUseCase } from './usecases/assign-exam-seats.usecase';
import { RecordExamResultsUseCase } from './usecases/record-exam-results.usecase';
import { SearchCandidateUseCase } from './usecases/search-candidate.usecase';
import { TEST_DATA_CONSENT } from './test-data-consent';
import type { RegistrationConfig } from '../registration.config';

/** Candidates: registration with photo and signature, public search, admin list, internal management. */
@Module({
  imports: [MongooseModule.forFeature([{ name: CandidateDocument.name, schema: CandidateSchema }]), MentorsModule],
  controllers: [CandidatesController],
  providers: [
    { provide: CANDIDATE_REPOSITORY, useClass: MongoCandidateRepository },
    { provide: CANDIDATE_DOCUMENTS_STORE, useClass: ObjectStorageCandidateDocuments },
    { provide: IMAGE_NORMALIZER, useClass: SharpImageNormalizer },
    UploadLimitInterceptor,
    { provide: TEST_DATA_CONSENT, useFactory: (config: RegistrationConfig) => config.TEST_DATA_CONSENT, inject: [APP_CONFIG] },
    CandidateDirectory,
    {
      provide: CANDIDATE_ENTRY_SOURCE,
      useFactory: (model: Model<CandidateDocument>) => new MongoCandidateEntrySource(model),
      inject: [getModelToken(CandidateDocument.name)],
    },
    CandidateDirectoryKeeper,
    CandidateSearchCache,
    CandidateChangeAnnouncer,
    RegisterCandidateUseCase,
    SearchCandidateUseCase,
    ListCandidatesUseCase,
    ManageCandidateUseCase,
    ReleaseDocumentsUseCase,
    AssignExamSeatsUseCase,
    RecordExamResultsUseCase,
  ],
  exports: [CANDIDATE_REPOSITORY, CANDIDATE_DOCUMENTS_STORE, CandidateDirectory, ListCandidatesUseCase, ManageCandidateUseCase, ReleaseDocumentsUseCase, AssignExamSeatsUseCase, RecordExamResultsUseCase, RegisterCandidateUseCase, UploadLimitInterceptor, IMAGE_NORMALIZER],
})
export class CandidatesModule implements OnModuleInit {
  constructor(
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    private readonly events: RegistrationEventPublisher,
  ) {}

  onModuleInit(): void {
    this.events.register(this.candidates);
  }
}
