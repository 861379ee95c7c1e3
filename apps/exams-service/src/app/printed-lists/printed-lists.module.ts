import { Module } from '@nestjs/common';
import { InternalHttpClient } from '@kbe/server-auth';
import { APP_CONFIG } from '@kbe/server-config';
import { CentresModule } from '../centres/centres.module';
import type { ExamsConfig } from '../exams.config';
import { SeatsModule } from '../seat-allocation/seats.module';
import { CENTRE_LISTS_CLIENT, HttpCentreListsClient } from './centre-lists.client';
import { GetCentreListUseCase } from './get-centre-list.usecase';
import { PrintedListsController } from './printed-lists.controller';

/** A centre's printed lists for its invigilators, rendered by documents-service from the seats. */
@Module({
  imports: [CentresModule, SeatsModule],
  controllers: [PrintedListsController],
  providers: [
    {
      provide: CENTRE_LISTS_CLIENT,
      inject: [APP_CONFIG],
      useFactory: (config: ExamsConfig) =>
        new HttpCentreListsClient(new InternalHttpClient({ baseUrl: config.DOCUMENTS_SERVICE_URL, internalToken: config.INTERNAL_API_TOKEN, timeoutMs: 30_000 })),
    },
    GetCentreListUseCase,
  ],
})
export class PrintedListsModule {}
