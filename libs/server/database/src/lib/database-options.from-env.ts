import type { MongoEnv } from '@kbe/server-config';
import type { DatabaseModuleOptions } from './database.module';

export function databaseOptionsFromEnv(service: string, env: MongoEnv): DatabaseModuleOptions {
  return { uri: env.MONGODB_URI, dbPrefix: env.MONGODB_DB_PREFIX, service, maxPoolSize: env.MONGODB_MAX_POOL_SIZE };
}
