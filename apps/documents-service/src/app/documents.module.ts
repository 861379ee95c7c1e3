import { Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown, type DynamicModule } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { FILE_STORAGE, type FileStorage } from '@kbe/server-storage';
import { EventPublisher, KAFKA_CLIENT, ReplicaEventFeed } from '@kbe/server-messaging';
import { Metrics } from '@kbe/server-metrics';
import { errorMessage } from '@kbe/server-bootstrap';
import type { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import { BundleBuilder, DEFAULT_BUNDLE_OPTIONS } from './bundles/bundle-builder';
import { DocumentBundlesController } from './bundles/document-bundles.controller';
import { DocumentBundleStore } from './bundles/document-bundle.store';
import { CANDIDATE_DIRECTORY, type CandidateDirectory } from './candidates/candidate-directory';
import { EventInvalidatedCandidates } from './candidates/event-invalidated-candidates';
import { HttpCandidateDirectory } from './candidates/http.candidate-directory';
import { RememberedCandidateFiles } from './candidates/remembered-candidate-files';
import { DataExportComposer } from './data-export/data-export.composer';
import { DataExportController } from './data-export/data-export.controller';
import { RenderDataExportUseCase } from './data-export/render-data-export.usecase';
import { downloadLimitsFromConfig, SERVICE_NAME, type DocumentsConfig } from './documents.config';
import { DocumentComposer } from './documents/document-composer';
import { DocumentProvider } from './documents/document-provider';
import { PdfCache } from './documents/pdf-cache';
import { PRINT_EDITION, printEditionFromConfig, type PrintEdition } from './documents/print-edition';
import { AdminDocumentsController } from './downloads/admin-documents.controller';
import { ATTEMPT_LIMITER, limitsOfKey, type AttemptLimiter } from './downloads/attempt-limiter';
import { DownloadDocumentUseCase } from './downloads/download-document.usecase';
import { DOWNLOAD_SETTINGS } from './downloads/download.settings';
import { DownloadsController } from './downloads/downloads.controller';
import { InternalDocumentsController } from './downloads/internal-documents.controller';
import { MongoAttemptLimiter } from './downloads/mongo.attempt-limiter';
import { CandidateErasedController } from './erasure/candidate-erased.controller';
import { EraseCandidateDocumentsUseCase } from './erasure/erase-candidate-documents.usecase';
import { ReplicatedAttemptLimiter } from './downloads/replicated-attempt-limiter';
import { ChromiumPagePool } from './rendering/chromium-page.pool';
import { PDF_RENDERER, type PdfRenderer } from './rendering/pdf-renderer';
import { RenderAheadController } from './render-ahead/render-ahead.controller';
import { CandidateResultController } from './results/candidate-result.controller';
import { CandidateResultUseCase } from './results/candidate-result.usecase';
import { RenderSchoolResultsUseCase } from './school-results/render-school-results.usecase';
import { SchoolResultsComposer } from './school-results/school-results.composer';
import { SchoolResultsController } from './school-results/school-results.controller';
import { VerificationController } from './verification/verification.controller';
import { VerificationTokens } from './verification/verification-token';

/** Hall tickets and certificates: compose (handlebars) -> render (Chromium pool) -> cache (MinIO). */
/** The candidates as downloads see them: kept in memory between change events (render-ahead and admins ask anew). */
const DOWNLOAD_CANDIDATES = Symbol('DOWNLOAD_CANDIDATES');

@Module({})
export class DocumentsModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(PDF_RENDERER) private readonly renderer: PdfRenderer,
    private readonly feed: ReplicaEventFeed,
    @Inject(DOWNLOAD_CANDIDATES) private readonly candidates: EventInvalidatedCandidates,
    @Inject(ATTEMPT_LIMITER) private readonly limiter: ReplicatedAttemptLimiter,
    private readonly erasure: EraseCandidateDocumentsUseCase,
  ) {}

  static forRoot(config: DocumentsConfig): DynamicModule {
    const limits = downloadLimitsFromConfig(config);
    return {
      module: DocumentsModule,
      controllers: [
        // before InternalDocumentsController: its `internal/documents/:code/:kind` would take `bundles/:key`
        DocumentBundlesController,
        DownloadsController,
        CandidateResultController,
        AdminDocumentsController,
        VerificationController,
        InternalDocumentsController,
        RenderAheadController,
        CandidateErasedController,
        DataExportController,
        SchoolResultsController,
      ],
      providers: [
        { provide: PRINT_EDITION, useValue: printEditionFromConfig(config) },
        { provide: VerificationTokens, useValue: new VerificationTokens(config.DOCUMENT_SIGNING_SECRET) },
        { provide: DOWNLOAD_SETTINGS, useValue: { trustedProxyHops: config.TRUSTED_PROXY_HOPS } },
        {
          provide: RememberedCandidateFiles,
          useValue: new RememberedCandidateFiles(
            new HttpCandidateDirectory({ baseUrl: config.REGISTRATION_SERVICE_URL, internalToken: config.INTERNAL_API_TOKEN }),
            config.IMAGE_MEMORY_CACHE_MB * 1024 * 1024,
          ),
        },
        { provide: CANDIDATE_DIRECTORY, useExisting: RememberedCandidateFiles },
        {
          provide: PDF_RENDERER,
          useFactory: (metrics: Metrics) =>
            new ChromiumPagePool(
              {
                executablePath: config.CHROMIUM_PATH,
                size: config.RENDER_POOL_SIZE,
                queueLimit: config.RENDER_QUEUE_LIMIT,
                timeoutMs: config.RENDER_TIMEOUT_MS,
                recycleAfter: 500,
              },
              metrics,
            ),
          inject: [Metrics],
        },
        {
          provide: DocumentComposer,
          useFactory: (edition: PrintEdition, tokens: VerificationTokens) =>
            new DocumentComposer(edition, tokens, config.PUBLIC_BASE_URL),
          inject: [PRINT_EDITION, VerificationTokens],
        },
        {
          provide: PdfCache,
          useFactory: (storage: FileStorage) => new PdfCache(storage, config.PDF_MEMORY_CACHE_MB * 1024 * 1024),
          inject: [FILE_STORAGE],
        },
        {
          provide: DocumentProvider,
          useFactory: (directory: CandidateDirectory, composer: DocumentComposer, renderer: PdfRenderer, cache: PdfCache, metrics: Metrics) =>
            new DocumentProvider(directory, composer, renderer, cache, metrics),
          inject: [CANDIDATE_DIRECTORY, DocumentComposer, PDF_RENDERER, PdfCache, Metrics],
        },
        {
          provide: ReplicaEventFeed,
          useFactory: (kafka: Kafka) => new ReplicaEventFeed({ kafka, service: SERVICE_NAME, topicPrefix: config.KAFKA_TOPIC_PREFIX }),
          inject: [KAFKA_CLIENT],
        },
        {
          provide: ATTEMPT_LIMITER,
          useFactory: (connection: Connection, feed: ReplicaEventFeed, publisher: EventPublisher) =>
            new ReplicatedAttemptLimiter(
              new MongoAttemptLimiter(connection, limitsOfKey(limits)),
              {
                listening: () => feed.live,
                announce: async (payload) => void (await publisher.publish('download-attempts.changed', payload, { key: payload.key })),
                windowMs: Math.max(limits.candidate.windowSeconds, limits.address.windowSeconds) * 1000,
              },
            ),
          inject: [getConnectionToken(), ReplicaEventFeed, EventPublisher],
        },
        {
          provide: DOWNLOAD_CANDIDATES,
          useFactory: (directory: CandidateDirectory, feed: ReplicaEventFeed) =>
            new EventInvalidatedCandidates(directory, {
              listening: () => feed.live,
              maxEntries: config.CANDIDATE_MEMORY_CACHE_ENTRIES,
              maxAgeMs: config.CANDIDATE_MEMORY_CACHE_SECONDS * 1000,
            }),
          inject: [CANDIDATE_DIRECTORY, ReplicaEventFeed],
        },
        {
          provide: DownloadDocumentUseCase,
          useFactory: (directory: CandidateDirectory, documents: DocumentProvider, limiter: AttemptLimiter, metrics: Metrics) =>
            new DownloadDocumentUseCase(directory, documents, limiter, { slowdown: limits.address }, metrics),
          inject: [DOWNLOAD_CANDIDATES, DocumentProvider, ATTEMPT_LIMITER, Metrics],
        },
        {
          provide: CandidateResultUseCase,
          useFactory: (directory: CandidateDirectory, limiter: AttemptLimiter, metrics: Metrics) =>
            new CandidateResultUseCase(directory, limiter, { slowdown: limits.address }, metrics),
          inject: [DOWNLOAD_CANDIDATES, ATTEMPT_LIMITER, Metrics],
        },
        {
          provide: DocumentBundleStore,
          useFactory: (connection: Connection) => new DocumentBundleStore(connection),
          inject: [getConnectionToken()],
        },
        {
          provide: BundleBuilder,
          useFactory: (store: DocumentBundleStore, storage: FileStorage, directory: CandidateDirectory, documents: DocumentProvider, composer: DocumentComposer) =>
            new BundleBuilder(store, storage, directory, documents, composer.sharedVersion('hall-ticket'), {
              ...DEFAULT_BUNDLE_OPTIONS,
              rendersAtOnce: config.BUNDLE_RENDERS_AT_ONCE,
            }),
          inject: [DocumentBundleStore, FILE_STORAGE, CANDIDATE_DIRECTORY, DocumentProvider, DocumentComposer],
        },
        { provide: DataExportComposer, useValue: new DataExportComposer() },
        {
          provide: RenderDataExportUseCase,
          useFactory: (composer: DataExportComposer, renderer: PdfRenderer) => new RenderDataExportUseCase(composer, renderer),
          inject: [DataExportComposer, PDF_RENDERER],
        },
        {
          provide: RenderSchoolResultsUseCase,
          useFactory: (edition: PrintEdition, renderer: PdfRenderer) => new RenderSchoolResultsUseCase(new SchoolResultsComposer(edition.year), renderer),
          inject: [PRINT_EDITION, PDF_RENDERER],
        },
        {
          provide: EraseCandidateDocumentsUseCase,
          useFactory: (pdfs: PdfCache, files: RememberedCandidateFiles, candidates: EventInvalidatedCandidates, bundles: BundleBuilder) =>
            new EraseCandidateDocumentsUseCase(pdfs, files, candidates, bundles),
          inject: [PdfCache, RememberedCandidateFiles, DOWNLOAD_CANDIDATES, BundleBuilder],
        },
      ],
      exports: [DocumentProvider, PDF_RENDERER, CANDIDATE_DIRECTORY],
    };
  }

  /** Launches Chromium and opens the pages in the background, so the first download does not wait for it. */
  onApplicationBootstrap(): void {
    this.listenToReplicaEvents();
    (this.renderer as Partial<ChromiumPagePool>).warmUp?.().catch((error: unknown) =>
      new Logger(DocumentsModule.name).warn(`Chromium warm-up failed: ${errorMessage(error)}`),
    );
  }

  /** What every replica keeps in memory, and the events that keep it current. */
  private listenToReplicaEvents(): void {
    const forget = ({ candidateCode }: { candidateCode: string }) => this.candidates.forget(candidateCode);
    this.feed.on('candidate.changed', forget);
    this.feed.on('hall-ticket.released', forget);
    this.feed.on('certificate.released', forget);
    // a published result changes which certificates the candidate earned (certificates by kind)
    this.feed.on('candidate.result-published', forget);
    this.feed.on('download-attempts.changed', (payload) => this.limiter.heard(payload));
    // Every replica's copies in memory; the PDFs in MinIO go once, in the consumer group (CandidateErasedController).
    this.feed.on('candidate.erased', ({ candidateCode }) => this.erasure.forgetInMemory(candidateCode));
    this.feed.onResync(async () => {
      this.candidates.forgetAll();
      await this.limiter.reload();
    });
    this.feed.startInBackground();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.feed.stop();
    await (this.renderer as Partial<ChromiumPagePool>).close?.();
  }
}
