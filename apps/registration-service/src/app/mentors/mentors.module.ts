import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { RegistrationEventPublisher } from '../common/registration-event.publisher';
import { SchoolsModule } from '../schools/schools.module';
import { MENTOR_REPOSITORY, MongoMentorRepository, type MentorRepository } from './mentor.repository';
import { MentorDocument, MentorSchema } from './mentor.schema';
import { MentorsController } from './mentors.controller';
import { ListMentorsUseCase } from './usecases/list-mentors.usecase';
import { RegisterMentorUseCase } from './usecases/register-mentor.usecase';

/** Mentors: registration against a school code (MEN-XXXXXX codes), admin list. */
@Module({
  imports: [MongooseModule.forFeature([{ name: MentorDocument.name, schema: MentorSchema }]), SchoolsModule],
  controllers: [MentorsController],
  providers: [{ provide: MENTOR_REPOSITORY, useClass: MongoMentorRepository }, RegisterMentorUseCase, ListMentorsUseCase],
  exports: [MENTOR_REPOSITORY, ListMentorsUseCase, RegisterMentorUseCase],
})
export class MentorsModule implements OnModuleInit {
  constructor(
    @Inject(MENTOR_REPOSITORY) private readonly mentors: MentorRepository,
    private readonly events: RegistrationEventPublisher,
  ) {}

  onModuleInit(): void {
    this.events.register(this.mentors);
  }
}
