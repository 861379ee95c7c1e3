import { Inject, Injectable } from '@nestjs/common';
import type { DependencyHealthIndicator } from '@kbe/server-health';
import type { Kafka } from 'kafkajs';
import { KAFKA_CLIENT } from './kafka-client';

/** Connects an admin client and asks the cluster to describe itself. */
@Injectable()
export class KafkaHealthIndicator implements DependencyHealthIndicator {
  readonly dependency = 'kafka';

  constructor(@Inject(KAFKA_CLIENT) private readonly kafka: Kafka) {}

  async check(): Promise<Record<string, unknown>> {
    const admin = this.kafka.admin({ retry: { retries: 0 } });
    try {
      await admin.connect();
      const cluster = await admin.describeCluster();
      return { brokers: cluster.brokers.length, controller: cluster.controller };
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }
}
