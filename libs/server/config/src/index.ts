export * from './lib/env.schema';
export * from './lib/load-config';
export * from './lib/config.module';
