import { DynamicModule, Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CursorLedger } from './cursor-ledger';
import { databaseName } from './database-name';

export interface DatabaseModuleOptions {
  uri: string;
  dbPrefix: string;
  /** Service name (`registration-service` or `registration`); the database is `<prefix>-registration`. */
  service: string;
  /** Connections to the server at most (MONGODB_MAX_POOL_SIZE): each operation in flight holds one. */
  maxPoolSize?: number;
}

/** Sized so that every service's operations in flight fit FerretDB's PostgreSQL pool (ADR 0004). */
export const DEFAULT_MAX_POOL_SIZE = 10;

/**
 * One mongoose connection to the service's own database, with a CursorLedger watching its
 * cursors. What the local store (FerretDB) does differently from MongoDB is in ADR 0004; the
 * code stays within both. Register schemas with `MongooseModule.forFeature` in the module that
 * owns them. The connection is closed on application shutdown.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [CursorLedger],
      exports: [CursorLedger],
      imports: [
        MongooseModule.forRoot(options.uri, {
          dbName: databaseName(options.dbPrefix, options.service),
          serverSelectionTimeoutMS: 5_000,
          maxPoolSize: options.maxPoolSize ?? DEFAULT_MAX_POOL_SIZE,
          // An idle connection is closed, and the server's cursors with it (ADR 0004).
          maxIdleTimeMS: 60_000,
          // The CursorLedger follows cursors through the command events.
          monitorCommands: true,
          connectTimeoutMS: 5_000,
          // FerretDB has no retryable writes; a real replica set does not need them for correctness here.
          retryWrites: false,
          retryAttempts: 3,
          retryDelay: 1_000,
        }),
      ],
    };
  }
}
