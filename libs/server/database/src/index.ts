export * from './lib/database-name';
export * from './lib/database.module';
export * from './lib/mongo.health-indicator';
export * from './lib/database-options.from-env';
export * from './lib/write-batcher';
export * from './lib/batched-insert';
export * from './lib/duplicate-key';
export * from './lib/cursor-ledger';
