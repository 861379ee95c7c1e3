export * from './lib/api-errors';
export * from './lib/http-client';
export * from './lib/registration-error.mapper';
export * from './lib/issued-code.reader';
export * from './lib/registration-error.keys';
export * from './lib/save-blob';
