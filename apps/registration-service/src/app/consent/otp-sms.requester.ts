import { Inject, Injectable } from '@nestjs/common';
import { createEventEnvelope, EVENT_TOPICS, type OtpRequestedPayload } from '@kbe/contracts';
import { InjectConfig } from '@kbe/server-config';
import { EVENT_PRODUCER, topicName, type EventProducer } from '@kbe/server-messaging';
import type { RegistrationConfig } from '../registration.config';

/** Asks notifications-service to deliver a one-time code by SMS. */
export interface OtpSmsRequester {
  /** Resolves once the request is on its way; rejects when it could not be handed over. */
  request(payload: OtpRequestedPayload): Promise<void>;
}
export const OTP_SMS_REQUESTER = Symbol('OTP_SMS_REQUESTER');

/**
 * `otp.requested` straight to Kafka, awaited: not through the outbox, which would keep the code in
 * a collection (the code is kept nowhere but in the SMS). If Kafka cannot take it, the caller takes
 * the code back and the guardian asks again in a moment.
 */
@Injectable()
export class KafkaOtpSmsRequester implements OtpSmsRequester {
  constructor(
    @Inject(EVENT_PRODUCER) private readonly producer: EventProducer,
    @InjectConfig() private readonly config: RegistrationConfig,
  ) {}

  async request(payload: OtpRequestedPayload): Promise<void> {
    const envelope = createEventEnvelope(EVENT_TOPICS.otpRequested, payload);
    await this.producer.sendBatch([
      { topic: topicName(this.config.KAFKA_TOPIC_PREFIX, EVENT_TOPICS.otpRequested), key: payload.subject, value: JSON.stringify(envelope) },
    ]);
  }
}
