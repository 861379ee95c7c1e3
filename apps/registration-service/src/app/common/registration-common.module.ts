import { IdempotentRegistration } from './idempotent-registration';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ThrottlerModule } from '@nestjs/throttler';
import { KAFKA_CLIENT, ReplicaEventFeed } from '@kbe/server-messaging';
import type { Kafka } from 'kafkajs';
import { SERVICE_NAME, type RegistrationConfig } from '../registration.config';
import { CLOCK, SystemClock, type Clock } from './clock';
import { CODE_GENERATORS, randomCodeGenerators } from './code-generators';
import { EDITION_SETTINGS, editionFromConfig } from './edition.settings.provider';
import {
  IDEMPOTENCY_STORE,
  IdempotencyKeyDocument,
  IdempotencyKeySchema,
  MongoIdempotencyStore,
} from './idempotency.store';
import { throttlerOptions } from './rate-limit';
import { RegistrationEventPublisher } from './registration-event.publisher';

export interface RegistrationCommonOptions {
  config: RegistrationConfig;
  /** Tests pin the time here (never through env). */
  clock?: Clock;
}

/** What every registration domain module shares: clock, edition, idempotency keys, events (published and heard by every replica), rate limits. */
@Global()
@Module({})
export class RegistrationCommonModule {
  static forRoot(options: RegistrationCommonOptions): DynamicModule {
    return {
      module: RegistrationCommonModule,
      imports: [
        MongooseModule.forFeature([{ name: IdempotencyKeyDocument.name, schema: IdempotencyKeySchema }]),
        ThrottlerModule.forRoot(throttlerOptions(options.config)),
      ],
      providers: [
        options.clock ? { provide: CLOCK, useValue: options.clock } : { provide: CLOCK, useClass: SystemClock },
        { provide: CODE_GENERATORS, useValue: randomCodeGenerators },
        { provide: EDITION_SETTINGS, useValue: editionFromConfig(options.config) },
        { provide: IDEMPOTENCY_STORE, useClass: MongoIdempotencyStore },
        RegistrationEventPublisher,
        IdempotentRegistration,
        {
          provide: ReplicaEventFeed,
          useFactory: (kafka: Kafka) => new ReplicaEventFeed({ kafka, service: SERVICE_NAME, topicPrefix: options.config.KAFKA_TOPIC_PREFIX }),
          inject: [KAFKA_CLIENT],
        },
      ],
      exports: [CLOCK, CODE_GENERATORS, EDITION_SETTINGS, RegistrationEventPublisher, IdempotentRegistration, ReplicaEventFeed],
    };
  }
}
