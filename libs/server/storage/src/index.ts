export * from './lib/server-storage.module';

