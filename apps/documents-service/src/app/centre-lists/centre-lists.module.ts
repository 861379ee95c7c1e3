import { Module, type DynamicModule } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { FILE_STORAGE, type FileStorage } from '@kbe/server-storage';
import type { Connection } from 'mongoose';
import { CANDIDATE_DIRECTORY, type CandidateDirectory } from '../candidates/candidate-directory';
import type { DocumentsConfig } from '../documents.config';
import { PDF_RENDERER, type PdfRenderer } from '../rendering/pdf-renderer';
import { CentreListBuilder, DEFAULT_CENTRE_LIST_OPTIONS } from './centre-list.builder';
import { CENTRE_LISTS_VERSION, CentreListComposer } from './centre-list.composer';
import { CentreListStore } from './centre-list.store';
import { CentreListsController, CentreListsInvalidationController } from './centre-lists.controller';
import { SharpPhotoThumbnails } from './photo-thumbnails';

/**
 * A centre's printed lists for its invigilators (attendance sheets, door list, summary) as jobs:
 * the candidates from the directory, the Chromium pool at background priority, the PDFs in MinIO.
 * `documents` is DocumentsModule as AppModule built it (the directory and the renderer are its).
 */
@Module({})
export class CentreListsModule {
  static forRoot(config: DocumentsConfig, documents: DynamicModule): DynamicModule {
    return {
      module: CentreListsModule,
      imports: [documents],
      controllers: [CentreListsController, CentreListsInvalidationController],
      providers: [
        { provide: CentreListStore, useFactory: (connection: Connection) => new CentreListStore(connection), inject: [getConnectionToken()] },
        {
          provide: CentreListBuilder,
          useFactory: (store: CentreListStore, storage: FileStorage, directory: CandidateDirectory, renderer: PdfRenderer) =>
            new CentreListBuilder(store, storage, directory, new CentreListComposer(), renderer, new SharpPhotoThumbnails(), CENTRE_LISTS_VERSION, {
              ...DEFAULT_CENTRE_LIST_OPTIONS,
              // the same budget as a class's bundle: renders that wait behind every download
              rendersAtOnce: config.BUNDLE_RENDERS_AT_ONCE,
            }),
          inject: [CentreListStore, FILE_STORAGE, CANDIDATE_DIRECTORY, PDF_RENDERER],
        },
      ],
      exports: [CentreListBuilder],
    };
  }
}
