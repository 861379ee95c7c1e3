import { Module } from '@nestjs/common';
import { ConsentController } from './consent.controller';
import { ConsentNotices } from './notice/consent-notices';

/** Parental consent: the notice, the guardian's code, the consent record. */
@Module({
  controllers: [ConsentController],
  providers: [ConsentNotices],
  exports: [ConsentNotices],
})
export class ConsentModule {}
