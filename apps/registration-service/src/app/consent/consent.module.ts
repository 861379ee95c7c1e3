import { Module } from '@nestjs/common';
import { APP_CONFIG } from '@kbe/server-config';
import { OtpModule } from '@kbe/server-otp';
import { CandidatesModule } from '../candidates/candidates.module';
import { CLOCK, type Clock } from '../common/clock';
import type { RegistrationConfig } from '../registration.config';
import { ConsentController } from './consent.controller';
import { ConsentNotices } from './notice/consent-notices';
import { otpHashKey } from './otp-hash-key';
import { KafkaOtpSmsRequester, OTP_SMS_REQUESTER } from './otp-sms.requester';
import { ConfirmConsentUseCase } from './usecases/confirm-consent.usecase';
import { SendGuardianOtpUseCase } from './usecases/send-guardian-otp.usecase';

/** Parental consent: the notice, the guardian's code (server-otp, delivered by notifications-service), the consent record on the candidate. */
@Module({
  imports: [
    CandidatesModule,
    OtpModule.register({
      inject: [APP_CONFIG, CLOCK],
      useFactory: (config: RegistrationConfig, clock: Clock) => ({ hashKey: otpHashKey(config), clock }),
    }),
  ],
  controllers: [ConsentController],
  providers: [ConsentNotices, { provide: OTP_SMS_REQUESTER, useClass: KafkaOtpSmsRequester }, SendGuardianOtpUseCase, ConfirmConsentUseCase],
  // the guardian's codes serve the data rights too (data-rights module)
  exports: [ConsentNotices, OtpModule],
})
export class ConsentModule {}
