import { parseEventEnvelope, type EventEnvelope, type EventType } from '@kbe/contracts';

/**
 * The envelope of an event as the Kafka transport hands it to an `@EventPattern` handler: parsed
 * JSON, or the text when the transport did not parse it (leading spaces), parsed here.
 */
export function parseReceivedEvent<K extends EventType>(
  type: K,
  message: unknown,
): { ok: true; event: EventEnvelope<K> } | { ok: false; error: string } {
  return parseEventEnvelope(type, typeof message === 'string' ? jsonOrText(message) : message);
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
