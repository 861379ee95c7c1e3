import {
  BeforeApplicationShutdown,
  DynamicModule,
  Inject,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Metrics } from '@kbe/server-metrics';
import type { Kafka } from 'kafkajs';
import { EVENT_PRODUCER, type EventProducer } from './event-producer';
import { createKafkaClient, KAFKA_CLIENT } from './kafka-client';
import { KafkaEventProducer } from './kafka.event-producer';
import { EventPublisher } from './outbox/event-publisher';
import { MongoOutboxStore } from './outbox/mongo-outbox.store';
import { OUTBOX_STORE, type OutboxStore } from './outbox/outbox-record';
import { DEFAULT_RELAY_OPTIONS, OutboxRelay, type OutboxRelayOptions } from './outbox/outbox-relay';
import { OutboxDocument, OutboxSchema, PUBLISHED_OUTBOX_MODEL, PublishedOutboxSchema } from './outbox/outbox.schema';

export interface MessagingModuleOptions {
  /** Service name, used as the Kafka client id. */
  service: string;
  brokers: string[];
  topicPrefix: string;
  relay?: Partial<Omit<OutboxRelayOptions, 'topicPrefix'>>;
}

const RELAY_OPTIONS = Symbol('RELAY_OPTIONS');

/**
 * Kafka for the service: an `EventPublisher` that writes to the service's `outbox` collection, a
 * relay loop that delivers the outbox to Kafka, the kafkajs client (for the health indicator
 * and consumers). Needs `DatabaseModule` and `MetricsModule`. Global: import once in the root module.
 */
@Module({})
export class MessagingModule implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    private readonly relay: OutboxRelay,
    @Inject(EVENT_PRODUCER) private readonly producer: EventProducer,
  ) {}

  static forRoot(options: MessagingModuleOptions): DynamicModule {
    const relayOptions: OutboxRelayOptions = { ...DEFAULT_RELAY_OPTIONS, ...options.relay, topicPrefix: options.topicPrefix };
    return {
      module: MessagingModule,
      global: true,
      imports: [
        MongooseModule.forFeature([
          { name: OutboxDocument.name, schema: OutboxSchema },
          { name: PUBLISHED_OUTBOX_MODEL, schema: PublishedOutboxSchema },
        ]),
      ],
      providers: [
        { provide: KAFKA_CLIENT, useFactory: () => createKafkaClient({ clientId: options.service, brokers: options.brokers }) },
        { provide: EVENT_PRODUCER, useFactory: (kafka: Kafka) => new KafkaEventProducer(kafka), inject: [KAFKA_CLIENT] },
        { provide: OUTBOX_STORE, useClass: MongoOutboxStore },
        { provide: RELAY_OPTIONS, useValue: relayOptions },
        {
          provide: OutboxRelay,
          useFactory: (store: OutboxStore, producer: EventProducer, relay: OutboxRelayOptions, metrics: Metrics) =>
            new OutboxRelay(store, producer, relay, metrics),
          inject: [OUTBOX_STORE, EVENT_PRODUCER, RELAY_OPTIONS, Metrics],
        },
        {
          provide: EventPublisher,
          useFactory: (store: OutboxStore, relay: OutboxRelay) => new EventPublisher(store, relay),
          inject: [OUTBOX_STORE, OutboxRelay],
        },
      ],
      exports: [KAFKA_CLIENT, EVENT_PRODUCER, OUTBOX_STORE, OutboxRelay, EventPublisher],
    };
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  /** Stop relaying before mongoose closes its connection. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.producer.close();
  }
}
