/** Kafka topic of a logical event name: `${KAFKA_TOPIC_PREFIX}<topic>`. */
export function topicName(prefix: string, topic: string): string {
  return `${prefix}${topic}`;
}
