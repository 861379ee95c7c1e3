export * from './lib/file-storage';
export * from './lib/minio.file-storage';
export * from './lib/storage.health-indicator';
export * from './lib/storage.module';
export * from './lib/storage-options.from-env';
