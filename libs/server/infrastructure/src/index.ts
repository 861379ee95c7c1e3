export * from './lib/service-infrastructure';
