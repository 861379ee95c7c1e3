import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CENTRE_EDITION, centreEditionProvider } from './centre-edition.provider';
import { CENTRE_REPOSITORY, MongoCentreRepository } from './centre.repository';
import { CentreDocument, CentreSchema, CounterDocument, CounterSchema } from './centre.schema';
import { SeatsModule } from '../seat-allocation/seats.module';
import { CentresController } from './centres.controller';
import { CreateCentreUseCase } from './usecases/create-centre.usecase';
import { DeleteCentreUseCase } from './usecases/delete-centre.usecase';
import { GetCentreUseCase } from './usecases/get-centre.usecase';
import { ImportCentresUseCase } from './usecases/import-centres.usecase';
import { ListCentresUseCase } from './usecases/list-centres.usecase';
import { UpdateCentreUseCase } from './usecases/update-centre.usecase';

/** Exam centres: rooms, sittings, the edition's centre numbers; admin CRUD and CSV import. */
@Module({
  imports: [
    SeatsModule,
    MongooseModule.forFeature([
      { name: CentreDocument.name, schema: CentreSchema },
      { name: CounterDocument.name, schema: CounterSchema },
    ]),
  ],
  controllers: [CentresController],
  providers: [
    { provide: CENTRE_REPOSITORY, useClass: MongoCentreRepository },
    centreEditionProvider,
    CreateCentreUseCase,
    ListCentresUseCase,
    GetCentreUseCase,
    UpdateCentreUseCase,
    DeleteCentreUseCase,
    ImportCentresUseCase,
  ],
  exports: [CENTRE_REPOSITORY, CENTRE_EDITION],
})
export class CentresModule {}
