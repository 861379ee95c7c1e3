import { Logger } from '@nestjs/common';
import { Kafka, logLevel, type KafkaConfig, type logCreator } from 'kafkajs';

export const KAFKA_CLIENT = Symbol('KAFKA_CLIENT');

export interface KafkaConnectionOptions {
  clientId: string;
  brokers: string[];
}

/** kafkajs log lines go to the service logger (JSON), warnings and errors only. */
const nestLogCreator: logCreator = () => {
  const logger = new Logger('Kafka');
  return ({ level, log }) => {
    const { message, ...extra } = log;
    const line = `${message} ${JSON.stringify(extra)}`;
    if (level === logLevel.ERROR) logger.error(line);
    else if (level === logLevel.WARN) logger.warn(line);
    else logger.debug(line);
  };
};

/** Short timeouts: callers (the outbox relay, health checks) retry on their own schedule. */
export function kafkaClientConfig(options: KafkaConnectionOptions): KafkaConfig {
  return {
    clientId: options.clientId,
    brokers: options.brokers,
    connectionTimeout: 1_000,
    requestTimeout: 5_000,
    retry: { retries: 3, initialRetryTime: 200, maxRetryTime: 2_000 },
    logLevel: logLevel.WARN,
    logCreator: nestLogCreator,
  };
}

export function createKafkaClient(options: KafkaConnectionOptions): Kafka {
  return new Kafka(kafkaClientConfig(options));
}
