export * from './lib/auth.options';
export * from './lib/admin-jwt.strategy';
export * from './lib/admin.guard';
export * from './lib/internal-api.guard';
export * from './lib/auth.decorators';
export * from './lib/admin-token.issuer';
export * from './lib/auth.module';
export * from './lib/auth-options.from-env';
