import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG } from '@kbe/server-config';
import type { NotificationsConfig } from '../notifications.config';
import { CampaignRepository } from './campaigns/campaign.repository';
import { FanOutDocument, FanOutSchema, FanOutStepDocument, FanOutStepSchema } from './campaigns/fan-out.schema';
import { CampaignStatsReporter } from './campaigns/campaign-stats.reporter';
import { CampaignStatsUseCase } from './campaigns/campaign-stats.usecase';
import { FanOutUseCase } from './campaigns/fan-out.usecase';
import { RECIPIENT_DIRECTORY } from './campaigns/recipient-directory';
import { RegistrationRecipientDirectory } from './campaigns/registration.recipient-directory';
import { DeliveryRepository } from './delivery/delivery.repository';
import {
  DeliveryDocument,
  DeliverySchema,
  InflightDocument,
  InflightSchema,
  OutcomeDocument,
  OutcomeSchema,
} from './delivery/delivery.schema';
import { SmsSenderWorker } from './delivery/sms-sender.worker';
import { SmsDispatcher } from './delivery/sms.dispatcher';
import { CandidateErasedController } from './erasure/candidate-erased.controller';
import { EraseCandidateSmsUseCase } from './erasure/erase-candidate-sms.usecase';
import { SmsErasureRepository } from './erasure/sms-erasure.repository';
import { SmsEventsController } from './events/sms-events.controller';
import { NotificationsController } from './notifications.controller';
import { ConsoleSmsProvider } from './providers/console.sms-provider';
import { Msg91SmsProvider } from './providers/msg91.sms-provider';
import { SMS_PROVIDER, type SmsProvider } from './providers/sms-provider';

function smsProviderFrom(config: NotificationsConfig): SmsProvider {
  if (config.SMS_PROVIDER === 'console') return new ConsoleSmsProvider();
  return new Msg91SmsProvider({
    baseUrl: config.SMS_HTTP_BASE_URL,
    authKey: config.SMS_HTTP_AUTH_KEY ?? '',
    senderId: config.SMS_SENDER_ID ?? '',
    dltEntityId: config.SMS_DLT_ENTITY_ID ?? '',
    templates: config.SMS_DLT_TEMPLATES,
    timeoutMs: config.SMS_PROVIDER_TIMEOUT_MS,
    idempotencyHeader: config.SMS_HTTP_IDEMPOTENCY_HEADER,
  });
}

/** SMS fan-out: event consumers, the per-recipient sender, the delivery log, campaign statistics and candidates' erasure. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: DeliveryDocument.name, schema: DeliverySchema },
      { name: InflightDocument.name, schema: InflightSchema },
      { name: OutcomeDocument.name, schema: OutcomeSchema },
      { name: FanOutDocument.name, schema: FanOutSchema },
      { name: FanOutStepDocument.name, schema: FanOutStepSchema },
    ]),
  ],
  controllers: [SmsEventsController, CandidateErasedController, NotificationsController],
  providers: [
    { provide: SMS_PROVIDER, useFactory: smsProviderFrom, inject: [APP_CONFIG] },
    {
      provide: RECIPIENT_DIRECTORY,
      useFactory: (config: NotificationsConfig) => new RegistrationRecipientDirectory(config.REGISTRATION_SERVICE_URL, config.INTERNAL_API_TOKEN),
      inject: [APP_CONFIG],
    },
    DeliveryRepository,
    CampaignRepository,
    SmsDispatcher,
    SmsSenderWorker,
    FanOutUseCase,
    CampaignStatsUseCase,
    CampaignStatsReporter,
    SmsErasureRepository,
    {
      provide: EraseCandidateSmsUseCase,
      // Waits at most 20 s for a sender to finish the candidate's chunk: less than the consumer's
      // session timeout (30 s), which the handler does not heartbeat during.
      useFactory: (records: SmsErasureRepository) => new EraseCandidateSmsUseCase(records, { waitMs: 20_000, pollMs: 500 }),
      inject: [SmsErasureRepository],
    },
  ],
})
export class SmsModule {}
