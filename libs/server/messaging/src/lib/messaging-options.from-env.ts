import type { KafkaEnv } from '@kbe/server-config';
import type { MessagingModuleOptions } from './messaging.module';

export function messagingOptionsFromEnv(service: string, env: KafkaEnv): MessagingModuleOptions {
  return {
    service,
    brokers: env.KAFKA_BROKERS,
    topicPrefix: env.KAFKA_TOPIC_PREFIX,
    relay: { intervalMs: env.OUTBOX_RELAY_INTERVAL_MS },
  };
}
