export * from './lib/dependency-health-indicator';
export * from './lib/health-report';
export * from './lib/health-check.runner';
export * from './lib/health.module';
export * from './lib/chromium.health-indicator';
