import { DynamicModule, Module } from '@nestjs/common';
import { FILE_STORAGE } from './file-storage';
import { MinioFileStorage, type MinioStorageOptions } from './minio.file-storage';

/** Provides `FILE_STORAGE` (MinIO). Global: import once in the root module. */
@Module({})
export class StorageModule {
  static forRoot(options: MinioStorageOptions): DynamicModule {
    return {
      module: StorageModule,
      global: true,
      providers: [{ provide: FILE_STORAGE, useFactory: () => new MinioFileStorage(options) }],
      exports: [FILE_STORAGE],
    };
  }
}
