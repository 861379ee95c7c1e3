import { Module, OnModuleInit, Inject } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { RegistrationEventPublisher } from '../common/registration-event.publisher';
import { MongoSchoolRepository, SCHOOL_REPOSITORY, type SchoolRepository } from './school.repository';
import { SchoolDocument, SchoolSchema } from './school.schema';
import { SchoolsController } from './schools.controller';
import { ListSchoolsUseCase } from './usecases/list-schools.usecase';
import { RegisterSchoolUseCase } from './usecases/register-school.usecase';

/** Schools: registration (SCH-XXXXXX codes), public lookup, admin list. */
@Module({
  imports: [MongooseModule.forFeature([{ name: SchoolDocument.name, schema: SchoolSchema }])],
  controllers: [SchoolsController],
  providers: [{ provide: SCHOOL_REPOSITORY, useClass: MongoSchoolRepository }, RegisterSchoolUseCase, ListSchoolsUseCase],
  exports: [SCHOOL_REPOSITORY, ListSchoolsUseCase],
})
export class SchoolsModule implements OnModuleInit {
  constructor(
    @Inject(SCHOOL_REPOSITORY) private readonly schools: SchoolRepository,
    private readonly events: RegistrationEventPublisher,
  ) {}

  onModuleInit(): void {
    this.events.register(this.schools);
  }
}
