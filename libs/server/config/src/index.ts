export * from './lib/server-config.module';

