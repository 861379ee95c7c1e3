import { DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { EVENT_TOPICS, recipientGroupSizesResponseSchema, REGISTRATION_INTERNAL_PATHS } from '@kbe/contracts';
import { EventPublisher } from '@kbe/server-messaging';
import { REGISTRATION_CLIENT, type RegistrationClient } from '../common/registration.client';
import { MongoSmsCampaignRepository, SMS_CAMPAIGN_REPOSITORY } from './sms-campaign.repository';
import { SmsCampaignDocument, SmsCampaignSchema } from './sms-campaign.schema';
import { InternalSmsController, SmsController } from './sms.controller';
import {
  RECIPIENT_GROUP_SIZES,
  SMS_OPTIONS,
  SMS_REQUEST_PUBLISHER,
  SendSmsUseCase,
  type RecipientGroupSizes,
  type SmsOptions,
  type SmsRequestPublisher,
} from './send-sms.usecase';

/** SMS campaigns: send endpoints, history, group sizes, and the counts callback of notifications-service. */
@Module({})
export class SmsModule {
  static forRoot(options: SmsOptions): DynamicModule {
    return {
      module: SmsModule,
      imports: [MongooseModule.forFeature([{ name: SmsCampaignDocument.name, schema: SmsCampaignSchema }])],
      controllers: [SmsController, InternalSmsController],
      providers: [
        { provide: SMS_OPTIONS, useValue: options },
        { provide: SMS_CAMPAIGN_REPOSITORY, useClass: MongoSmsCampaignRepository },
        {
          provide: SMS_REQUEST_PUBLISHER,
          useFactory: (events: EventPublisher): SmsRequestPublisher => ({
            publish: async (payload, key) => {
              await events.publish(EVENT_TOPICS.smsRequested, payload, { key });
            },
          }),
          inject: [EventPublisher],
        },
        {
          provide: RECIPIENT_GROUP_SIZES,
          useFactory: (registration: RegistrationClient): RecipientGroupSizes => ({
            sizes: async () =>
              (await registration.get(REGISTRATION_INTERNAL_PATHS.candidateGroupSizes, undefined, recipientGroupSizesResponseSchema)).data,
          }),
          inject: [REGISTRATION_CLIENT],
        },
        SendSmsUseCase,
      ],
    };
  }
}
