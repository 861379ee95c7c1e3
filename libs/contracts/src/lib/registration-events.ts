import { z } from 'zod';

/**
 * The one event catalogue: Kafka topic names and payloads. Services prefix topic names with
 * `KAFKA_TOPIC_PREFIX`; the event `type` is always the unprefixed name.
 */
export const EVENT_TOPICS = {
  schoolRegistered: 'school.registered',
  mentorRegistered: 'mentor.registered',
  candidateRegistered: 'candidate.registered',
  hallTicketReleased: 'hall-ticket.released',
  certificateReleased: 'certificate.released',
  smsRequested: 'sms.requested',
} as const;

export type EventType = (typeof EVENT_TOPICS)[keyof typeof EVENT_TOPICS];
export const EVENT_TYPES = Object.values(EVENT_TOPICS) as readonly EventType[];

const isoInstant = z.iso.datetime({ offset: true });

export const schoolRegisteredPayloadSchema = z.strictObject({
  schoolCode: z.string().min(1),
  schoolName: z.string().min(1),
  city: z.string(),
  contact: z.string(),
});

export const mentorRegisteredPayloadSchema = z.strictObject({
  mentorCode: z.string().min(1),
  schoolCode: z.string().min(1),
  name: z.string().min(1),
  contact: z.string(),
  email: z.string().optional(),
});

export const candidateRegisteredPayloadSchema = z.strictObject({
  candidateCode: z.string().min(1),
  mentorCode: z.string().min(1),
  fullName: z.string().min(1),
  phoneNumber: z.string(),
  kbeCategory: z.string(),
  feesPaid: z.boolean(),
});

export const documentReleasedPayloadSchema = z.strictObject({
  candidateCode: z.string().min(1),
  releasedAt: isoInstant,
  /** Admin username, for the audit trail. */
  releasedBy: z.string().min(1),
});

export const SMS_MESSAGE_TYPES = ['status', 'hall-ticket', 'certificate', 'custom'] as const;
export type SmsMessageType = (typeof SMS_MESSAGE_TYPES)[number];

export const smsRequestedPayloadSchema = z.strictObject({
  /** Groups the messages of one send request (one campaign) in the SMS history. */
  campaignId: z.string().min(1),
  messageType: z.enum(SMS_MESSAGE_TYPES),
  recipients: z
    .array(z.strictObject({ phoneNumber: z.string().min(1), candidateCode: z.string().optional() }))
    .min(1),
  message: z.string().min(1).max(160),
  requestedBy: z.string().min(1),
});

export const EVENT_PAYLOAD_SCHEMAS = {
  'school.registered': schoolRegisteredPayloadSchema,
  'mentor.registered': mentorRegisteredPayloadSchema,
  'candidate.registered': candidateRegisteredPayloadSchema,
  'hall-ticket.released': documentReleasedPayloadSchema,
  'certificate.released': documentReleasedPayloadSchema,
  'sms.requested': smsRequestedPayloadSchema,
} as const satisfies Record<EventType, z.ZodType>;

export type EventPayloads = { [K in EventType]: z.output<(typeof EVENT_PAYLOAD_SCHEMAS)[K]> };
export type SchoolRegisteredPayload = EventPayloads['school.registered'];
export type MentorRegisteredPayload = EventPayloads['mentor.registered'];
export type CandidateRegisteredPayload = EventPayloads['candidate.registered'];
export type DocumentReleasedPayload = EventPayloads['hall-ticket.released'];
export type SmsRequestedPayload = EventPayloads['sms.requested'];

/** What travels on every topic. `eventId` lets consumers drop duplicates. */
export interface EventEnvelope<K extends EventType = EventType> {
  eventId: string;
  occurredAt: string;
  type: K;
  payload: EventPayloads[K];
}

export function createEventEnvelope<K extends EventType>(
  type: K,
  payload: EventPayloads[K],
  options: { eventId?: string; now?: () => Date } = {},
): EventEnvelope<K> {
  return {
    eventId: options.eventId ?? globalThis.crypto.randomUUID(),
    occurredAt: (options.now ?? (() => new Date()))().toISOString(),
    type,
    payload,
  };
}

const envelopeBase = z.strictObject({
  eventId: z.string().min(1),
  occurredAt: isoInstant,
  type: z.enum(EVENT_TYPES as [EventType, ...EventType[]]),
  payload: z.unknown(),
});

/**
 * Validates a consumed message against the catalogue. Returns the envelope, or a message
 * describing why it was rejected (consumers log it and skip, never crash).
 */
export function parseEventEnvelope<K extends EventType>(
  expected: K,
  raw: unknown,
): { ok: true; event: EventEnvelope<K> } | { ok: false; error: string } {
  const base = envelopeBase.safeParse(raw);
  if (!base.success) return { ok: false, error: z.prettifyError(base.error) };
  if (base.data.type !== expected) {
    return { ok: false, error: `Expected event type ${expected}, got ${base.data.type}` };
  }
  const payload = EVENT_PAYLOAD_SCHEMAS[expected].safeParse(base.data.payload);
  if (!payload.success) return { ok: false, error: z.prettifyError(payload.error) };
  return {
    ok: true,
    event: { ...base.data, type: expected, payload: payload.data as EventPayloads[K] },
  };
}
