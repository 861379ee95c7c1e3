export * from './lib/error-response';
export * from './lib/all-exceptions.filter';
export * from './lib/zod-validation.pipe';
export * from './lib/service-core.module';
export * from './lib/openapi-document';
export * from './lib/create-service-app';
export * from './lib/bootstrap-service';
export * from './lib/client-address';
