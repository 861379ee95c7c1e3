import { Module } from '@nestjs/common';
import { CorrectionsController } from './corrections.controller';
import { CorrectionsUseCase } from './corrections.usecase';

/** Corrections of pupils' details: registration-service's requests through its internal API (REGISTRATION_CLIENT of DirectoryModule). */
@Module({
  controllers: [CorrectionsController],
  providers: [CorrectionsUseCase],
})
export class CorrectionsModule {}
