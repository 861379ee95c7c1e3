export * from './lib/infra-env';
export * from './lib/wait-for';
export * from './lib/infra-control';
export * from './lib/service-app.fixture';
export * from './lib/admin-token.fixture';
export * from './lib/test-bucket';
export * from './lib/local-process';
export * from './lib/metric-value';
