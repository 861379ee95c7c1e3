import { DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { databaseName } from './database-name';

export interface DatabaseModuleOptions {
  uri: string;
  dbPrefix: string;
  /** Service name (`registration-service` or `registration`); the database is `<prefix>-registration`. */
  service: string;
}

/**
 * One mongoose connection to the service's own database. The code stays within FerretDB v1
 * (see INFRA.md): no transactions, no $lookup/$facet, no TTL/partial/text indexes, no
 * projection on findOneAndUpdate. Register schemas with `MongooseModule.forFeature` in the
 * module that owns them. The connection is closed on application shutdown.
 */
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        MongooseModule.forRoot(options.uri, {
          dbName: databaseName(options.dbPrefix, options.service),
          serverSelectionTimeoutMS: 5_000,
          connectTimeoutMS: 5_000,
          // FerretDB v1 has no retryable writes; a real replica set does not need them for correctness here.
          retryWrites: false,
          retryAttempts: 3,
          retryDelay: 1_000,
        }),
      ],
    };
  }
}
