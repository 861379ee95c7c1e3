import { DynamicModule, Module } from '@nestjs/common';
import { serviceInfrastructure } from '@kbe/server-infrastructure';
import { storageOptionsFromEnv } from '@kbe/server-storage';
import { CentreListsModule } from './centre-lists/centre-lists.module';
import { SERVICE_NAME, type DocumentsConfig } from './documents.config';
import { DocumentsModule } from './documents.module';

/**
 * documents-service: hall tickets, certificates and centres' printed lists (handlebars -> Chromium -> PDF, cached in MinIO).
 * Dependencies: MongoDB, Kafka, MinIO, Chromium.
 */
@Module({})
export class AppModule {
  static forRoot(config: DocumentsConfig): DynamicModule {
    const documents = DocumentsModule.forRoot(config);
    return {
      module: AppModule,
      imports: [
        ...serviceInfrastructure(SERVICE_NAME, config, { storage: storageOptionsFromEnv(config), chromiumPath: config.CHROMIUM_PATH }),
        documents,
        CentreListsModule.forRoot(config, documents),
      ],
    };
  }
}
