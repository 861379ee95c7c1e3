import { z } from 'zod';
import { EXAM_LEVELS } from './exams.schema';
import { CANDIDATE_LANGUAGES } from './language';
import { MEDALS } from './results.schema';

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
  candidateChanged: 'candidate.changed',
  downloadAttemptsChanged: 'download-attempts.changed',
  otpRequested: 'otp.requested',
  candidateErased: 'candidate.erased',
  candidateCorrected: 'candidate.corrected',
  candidateSeatChanged: 'candidate.seat-changed',
  candidateResultPublished: 'candidate.result-published',
} as const;

export type EventType = (typeof EVENT_TOPICS)[keyof typeof EVENT_TOPICS];
export const EVENT_TYPES = Object.values(EVENT_TOPICS) as readonly EventType[];

const isoInstant = z.iso.datetime({ offset: true });

/**
 * The candidate's language (`CANDIDATE_LANGUAGES`): the SMS an event leads to is worded in it.
 * Optional, so events published before it existed still parse: absent means English.
 */
const candidateLanguage = z.enum(CANDIDATE_LANGUAGES).optional();

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
  language: candidateLanguage,
});

export const documentReleasedPayloadSchema = z.strictObject({
  candidateCode: z.string().min(1),
  releasedAt: isoInstant,
  /** Admin username, for the audit trail. */
  releasedBy: z.string().min(1),
});

/**
 * Something a candidate's documents depend on may have changed (an edit, fees, seat, a release or
 * its withdrawal, deletion, restore): consumers that keep the candidate drop their copy. It says
 * nothing of what changed; a spurious one costs a lookup.
 */
export const candidateChangedPayloadSchema = z.strictObject({
  candidateCode: z.string().min(1),
  changedAt: isoInstant,
});

/**
 * documents-service's failed download attempts of one key (`candidate:<code>` or
 * `client:<address>`) as stored after a failure or a reset, so every replica knows the locks
 * without reading them per download. Never carries the submitted name.
 */
export const downloadAttemptsChangedPayloadSchema = z.strictObject({
  key: z.string().min(1),
  failures: z.number().int().nonnegative(),
  lockedUntil: isoInstant.nullable(),
});

/**
 * What a one-time code is for; notifications-service words the SMS of each. `portal-sign-in`: a
 * school or mentor signing in to the school portal (the subject is the school or mentor code).
 */
export const OTP_PURPOSES = ['parental-consent', 'consent-withdrawal', 'data-request', 'portal-sign-in'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/**
 * A one-time code to deliver by SMS (registration-service: a guardian's consent code). Published
 * straight to Kafka, never through an outbox, so no database keeps the code: a code whose send
 * fails is taken back and the user asks again. One not delivered by `expiresAt` is not sent.
 */
export const otpRequestedPayloadSchema = z.strictObject({
  purpose: z.enum(OTP_PURPOSES),
  /** Who the code is about (the candidate code for consent, the school or mentor code for the portal): named in the SMS. */
  subject: z.string().min(1),
  phoneNumber: z.string().min(1),
  code: z.string().regex(/^\d{4,8}$/),
  expiresAt: isoInstant,
  /** The language of the SMS: the candidate's. */
  language: candidateLanguage,
});

/**
 * A candidate's personal data was erased (consent withdrawn, an erasure request, retention):
 * every service deletes what it keeps of the candidate (documents-service: its PDFs in MinIO and
 * memory; the others their copies). Published once per erasure under a stable id; consumers are
 * idempotent.
 */
export const candidateErasedPayloadSchema = z.strictObject({
  candidateCode: z.string().min(1),
  erasedAt: isoInstant,
  reason: z.enum(['withdrawal', 'request', 'retention']),
});

/**
 * An admin approved a correction of the candidate's details asked by the school or mentor (issue
 * 27); the record is changed (and `candidate.changed` announced) before it. notifications-service
 * sends the guardian the `correction` SMS in the candidate's language. Names the fields, never
 * their values.
 */
export const candidateCorrectedPayloadSchema = z.strictObject({
  candidateCode: z.string().min(1),
  correctionId: z.string().min(1),
  fields: z.array(z.string().min(1)).min(1),
  correctedAt: isoInstant,
  /** Admin username, for the audit trail. */
  decidedBy: z.string().min(1),
});

/**
 * The seat of a candidate whose hall ticket is released changed (a re-seat, or a room moved):
 * the record holds the new seat, so the hall ticket is re-issued as it is downloaded next, and
 * notifications-service sends the guardian the `seat-change` SMS in the candidate's language. The
 * roll number never changes once released.
 */
export const candidateSeatChangedPayloadSchema = z.strictObject({
  candidateCode: z.string().min(1),
  rollNumber: z.string().min(1),
  centreCode: z.string().min(1),
  room: z.string().min(1),
  changedAt: isoInstant,
});

/**
 * A level's result was published to the candidate (exams-service handed it over, docs/results.md):
 * the record keeps it, and a qualified candidate moved on to `nextLevel`. notifications-service
 * sends the guardian the `result` SMS in the candidate's language (none to an absentee). Carries
 * the number and language, as `candidate.registered` and `otp.requested` do, so a level's
 * thousands of SMS need no look-up each. One per candidate, level and publication: its id is
 * `resultPublishedEventId`, so a batch handed over again sends no second SMS.
 */
export const candidateResultPublishedPayloadSchema = z.strictObject({
  candidateCode: z.string().min(1),
  /** The guardian's own mobile when the registration named one, else the contact number (empty: none on record). */
  phoneNumber: z.string(),
  language: candidateLanguage,
  level: z.enum(EXAM_LEVELS),
  category: z.string().min(1),
  /** Null for an absentee. */
  score: z.number().min(0).nullable(),
  maxMarks: z.number().int().positive(),
  absent: z.boolean(),
  /** Rank in the category (null for an absentee). */
  rank: z.number().int().positive().nullable(),
  medal: z.enum(MEDALS).nullable(),
  qualified: z.boolean(),
  /** The level the candidate moved on to (null: not qualified, or the last level). */
  nextLevel: z.enum(EXAM_LEVELS).nullable(),
  publishedAt: z.string().min(1),
});

/** The id of a `candidate.result-published` event: the same for the same candidate, level and publication. */
export function resultPublishedEventId(result: { candidateCode: string; level: string; publishedAt: string }): string {
  return `result-published:${result.level}:${result.candidateCode}:${result.publishedAt}`;
}

export const SMS_MESSAGE_TYPES = ['status', 'hall-ticket', 'certificate', 'custom'] as const;
export type SmsMessageType = (typeof SMS_MESSAGE_TYPES)[number];

/**
 * The recipient groups of a bulk campaign (spec section 7, send-bulk and send-template), and the
 * candidates whose parental consent is pending (a reminder reaches the guardian's mobile).
 */
export const SMS_RECIPIENT_GROUPS = ['all', 'paid', 'unpaid', 'hall-ticket', 'consent-pending'] as const;
export type SmsRecipientGroup = (typeof SMS_RECIPIENT_GROUPS)[number];

/** The most recipients one event may list; larger audiences travel as a group. */
export const SMS_MAX_LISTED_RECIPIENTS = 1000;

const smsRecipientSchema = z.strictObject({ phoneNumber: z.string().min(1), candidateCode: z.string().optional() });

/**
 * Who a campaign goes to: a group, expanded by notifications-service page by page from
 * registration-service's internal API (never loaded whole), or a short explicit list.
 */
export const smsAudienceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('group'), group: z.enum(SMS_RECIPIENT_GROUPS) }),
  z.strictObject({ kind: z.literal('recipients'), recipients: z.array(smsRecipientSchema).min(1).max(SMS_MAX_LISTED_RECIPIENTS) }),
]);
export type SmsAudience = z.output<typeof smsAudienceSchema>;

export const smsRequestedPayloadSchema = z.strictObject({
  /** Groups the messages of one send request (one campaign) in the SMS history. */
  campaignId: z.string().min(1),
  messageType: z.enum(SMS_MESSAGE_TYPES),
  audience: smsAudienceSchema,
  /**
   * The text to send. Template campaigns may hold the placeholder `{candidateCode}`, filled in per
   * recipient; custom text is limited to 160 characters by the send endpoints (spec section 5).
   */
  message: z.string().min(1).max(1000),
  requestedBy: z.string().min(1),
});

export const EVENT_PAYLOAD_SCHEMAS = {
  'school.registered': schoolRegisteredPayloadSchema,
  'mentor.registered': mentorRegisteredPayloadSchema,
  'candidate.registered': candidateRegisteredPayloadSchema,
  'hall-ticket.released': documentReleasedPayloadSchema,
  'certificate.released': documentReleasedPayloadSchema,
  'sms.requested': smsRequestedPayloadSchema,
  'candidate.changed': candidateChangedPayloadSchema,
  'download-attempts.changed': downloadAttemptsChangedPayloadSchema,
  'otp.requested': otpRequestedPayloadSchema,
  'candidate.erased': candidateErasedPayloadSchema,
  'candidate.corrected': candidateCorrectedPayloadSchema,
  'candidate.seat-changed': candidateSeatChangedPayloadSchema,
  'candidate.result-published': candidateResultPublishedPayloadSchema,
} as const satisfies Record<EventType, z.ZodType>;

export type EventPayloads = { [K in EventType]: z.output<(typeof EVENT_PAYLOAD_SCHEMAS)[K]> };
export type SchoolRegisteredPayload = EventPayloads['school.registered'];
export type MentorRegisteredPayload = EventPayloads['mentor.registered'];
export type CandidateRegisteredPayload = EventPayloads['candidate.registered'];
export type DocumentReleasedPayload = EventPayloads['hall-ticket.released'];
export type SmsRequestedPayload = EventPayloads['sms.requested'];
export type CandidateChangedPayload = EventPayloads['candidate.changed'];
export type DownloadAttemptsChangedPayload = EventPayloads['download-attempts.changed'];
export type OtpRequestedPayload = EventPayloads['otp.requested'];
export type CandidateErasedPayload = EventPayloads['candidate.erased'];
export type CandidateCorrectedPayload = EventPayloads['candidate.corrected'];
export type CandidateSeatChangedPayload = EventPayloads['candidate.seat-changed'];
export type CandidateResultPublishedPayload = EventPayloads['candidate.result-published'];
export type SmsRecipient = z.output<typeof smsRecipientSchema>;

/**
 * What travels on every topic, exactly as the services' outbox writes it (the Kafka value is
 * this JSON). `id` is stable across redeliveries and lets consumers drop duplicates; `topic` is
 * the logical topic without the deployment prefix.
 */
export interface EventEnvelope<K extends EventType = EventType> {
  id: string;
  topic: K;
  occurredAt: string;
  payload: EventPayloads[K];
}

export function createEventEnvelope<K extends EventType>(
  type: K,
  payload: EventPayloads[K],
  options: { id?: string; now?: () => Date } = {},
): EventEnvelope<K> {
  return {
    id: options.id ?? globalThis.crypto.randomUUID(),
    topic: type,
    occurredAt: (options.now ?? (() => new Date()))().toISOString(),
    payload,
  };
}

const envelopeBase = z.strictObject({
  id: z.string().min(1),
  topic: z.enum(EVENT_TYPES as [EventType, ...EventType[]]),
  occurredAt: isoInstant,
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
  if (base.data.topic !== expected) {
    return { ok: false, error: `Expected event type ${expected}, got ${base.data.topic}` };
  }
  const payload = EVENT_PAYLOAD_SCHEMAS[expected].safeParse(base.data.payload);
  if (!payload.success) return { ok: false, error: z.prettifyError(payload.error) };
  return {
    ok: true,
    event: { ...base.data, topic: expected, payload: payload.data as EventPayloads[K] },
  };
}
