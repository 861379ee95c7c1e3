export * from './lib/metrics';
export * from './lib/metric-catalogue';
export * from './lib/http-metrics.middleware';
export * from './lib/metrics-recorder';
export * from './lib/metrics.controller';
export * from './lib/metrics.module';
