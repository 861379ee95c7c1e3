import { Module } from '@nestjs/common';
import { PrivacyController } from './privacy.controller';
import { PrivacyUseCase } from './privacy.usecase';

/** Data requests and retention: registration-service's data through its internal API (REGISTRATION_CLIENT of DirectoryModule). */
@Module({
  controllers: [PrivacyController],
  providers: [PrivacyUseCase],
})
export class PrivacyModule {}
