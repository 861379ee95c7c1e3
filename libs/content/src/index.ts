export * from './lib/content';
