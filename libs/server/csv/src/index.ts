export * from './lib/csv';
