import { type DynamicModule, type FactoryProvider, Module, type ModuleMetadata } from '@nestjs/common';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { MongoOtpStore, OtpChallengeDocument, OtpChallengeSchema, OtpSendCountDocument, OtpSendCountSchema } from './mongo.otp-store';
import { DEFAULT_OTP_POLICY } from './otp.policy';
import { OtpService, type OtpServiceOptions } from './otp.service';
import { OTP_STORE, type OtpStore } from './otp.store';

export interface OtpModuleOptions {
  imports?: ModuleMetadata['imports'];
  inject?: FactoryProvider['inject'];
  /** The key and the clock (and a policy other than DEFAULT_OTP_POLICY) from the caller's providers. */
  useFactory: (...args: never[]) => Omit<OtpServiceOptions, 'policy'> & Partial<Pick<OtpServiceOptions, 'policy'>>;
}

/**
 * One-time codes for a service: its `otp_challenges` and `otp_sends` collections (registered
 * here, their only owner) and an `OtpService` over them. Each use names its own purpose, so one
 * service's uses share the collections without meeting.
 */
@Module({})
export class OtpModule {
  static register(options: OtpModuleOptions): DynamicModule {
    return {
      module: OtpModule,
      imports: [
        MongooseModule.forFeature([
          { name: OtpChallengeDocument.name, schema: OtpChallengeSchema },
          { name: OtpSendCountDocument.name, schema: OtpSendCountSchema },
        ]),
        ...(options.imports ?? []),
      ],
      providers: [
        {
          provide: OTP_STORE,
          useFactory: (challenges: Model<OtpChallengeDocument>, sends: Model<OtpSendCountDocument>) => new MongoOtpStore(challenges, sends),
          inject: [getModelToken(OtpChallengeDocument.name), getModelToken(OtpSendCountDocument.name)],
        },
        {
          provide: OtpService,
          useFactory: (store: OtpStore, ...args: never[]) => new OtpService(store, { policy: DEFAULT_OTP_POLICY, ...options.useFactory(...args) }),
          inject: [OTP_STORE, ...(options.inject ?? [])],
        },
      ],
      exports: [OtpService],
    };
  }
}
