export * from './lib/server-health.module';

