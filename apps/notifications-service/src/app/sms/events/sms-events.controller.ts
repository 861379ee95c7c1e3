import { Controller, Inject, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  CANDIDATE_LANGUAGES,
  candidateCorrectedPayloadSchema,
  candidateResultPublishedPayloadSchema,
  candidateSeatChangedPayloadSchema,
  candidateLanguageOf,
  candidateRegisteredPayloadSchema,
  DEFAULT_CANDIDATE_LANGUAGE,
  documentReleasedPayloadSchema,
  EVENT_TOPICS,
  otpRequestedPayloadSchema,
  smsRequestedPayloadSchema,
  type CandidateLanguage,
} from '@kbe/contracts';
import { InjectConfig } from '@kbe/server-config';
import type { EventEnvelope } from '@kbe/server-messaging';
import type { z } from 'zod';
import type { NotificationsConfig } from '../../notifications.config';
import { eventSmsCampaignId } from '../campaigns/campaign-stats.reporter';
import { FanOutUseCase, INVALID_NUMBER } from '../campaigns/fan-out.usecase';
import { RECIPIENT_DIRECTORY, type RecipientDirectory } from '../campaigns/recipient-directory';
import { eventSmsMessageType, eventSmsTemplates, OTP_MESSAGE_TYPES, type EventSmsTemplates } from './event-sms.templates';
import { resultSmsKind, resultSmsTemplates, resultSmsText, type ResultSmsTemplates } from './result-sms.templates';

/**
 * The events that lead to an SMS (consumer group `notifications-service`). A handler resolves
 * only once the messages are on the outbound topic and recorded, and the offset is committed
 * after that; when it throws (registration-service or Kafka away) the event is redelivered.
 * Malformed events are logged and skipped.
 */
@Controller()
export class SmsEventsController {
  private readonly logger = new Logger(SmsEventsController.name);
  /** The texts in each candidate language. */
  private readonly templates: Record<CandidateLanguage, EventSmsTemplates>;
  private readonly resultTemplates: Record<CandidateLanguage, ResultSmsTemplates>;

  constructor(
    private readonly fanOut: FanOutUseCase,
    @Inject(RECIPIENT_DIRECTORY) private readonly directory: RecipientDirectory,
    @InjectConfig() private readonly config: NotificationsConfig,
  ) {
    const inLanguage = (language: CandidateLanguage) => [language, eventSmsTemplates(config.SMS_PORTAL_URL, language)] as const;
    this.templates = Object.fromEntries(CANDIDATE_LANGUAGES.map(inLanguage)) as Record<CandidateLanguage, EventSmsTemplates>;
    this.resultTemplates = Object.fromEntries(CANDIDATE_LANGUAGES.map((language) => [language, resultSmsTemplates(language)])) as Record<CandidateLanguage, ResultSmsTemplates>;
  }

  @EventPattern(EVENT_TOPICS.smsRequested)
  async smsRequested(@Payload() envelope: EventEnvelope): Promise<void> {
    const payload = this.parse(EVENT_TOPICS.smsRequested, envelope, smsRequestedPayloadSchema);
    if (!payload) return;
    await this.fanOut.execute({ ...payload, eventId: envelope.id });
  }

  @EventPattern(EVENT_TOPICS.hallTicketReleased)
  async hallTicketReleased(@Payload() envelope: EventEnvelope): Promise<void> {
    await this.documentReleased(envelope, 'hall-ticket');
  }

  @EventPattern(EVENT_TOPICS.certificateReleased)
  async certificateReleased(@Payload() envelope: EventEnvelope): Promise<void> {
    await this.documentReleased(envelope, 'certificate');
  }

  @EventPattern(EVENT_TOPICS.candidateRegistered)
  async candidateRegistered(@Payload() envelope: EventEnvelope): Promise<void> {
    if (!this.config.SMS_ON_CANDIDATE_REGISTERED) return;
    const payload = this.parse(EVENT_TOPICS.candidateRegistered, envelope, candidateRegisteredPayloadSchema);
    if (!payload) return;
    const language = candidateLanguageOf(payload.language);
    await this.fanOut.execute({
      eventId: envelope.id,
      campaignId: eventSmsCampaignId(envelope.id),
      messageType: eventSmsMessageType('registration', language),
      message: this.templates[language].registration,
      requestedBy: 'system',
      audience: { kind: 'recipients', recipients: [{ candidateCode: payload.candidateCode, phoneNumber: payload.phoneNumber }] },
    });
  }

  /**
   * A one-time code (a guardian's consent code) to one number, at once. A code that arrives after
   * it expired is not sent: the guardian has asked for another by then.
   */
  @EventPattern(EVENT_TOPICS.otpRequested)
  async otpRequested(@Payload() envelope: EventEnvelope): Promise<void> {
    const payload = this.parse(EVENT_TOPICS.otpRequested, envelope, otpRequestedPayloadSchema);
    if (!payload) return;
    if (Date.parse(payload.expiresAt) <= Date.now()) {
      this.logger.warn(`${EVENT_TOPICS.otpRequested} ${envelope.id}: the code for ${payload.subject} expired before it could be sent`);
      return;
    }
    const kind = OTP_MESSAGE_TYPES[payload.purpose];
    const language = candidateLanguageOf(payload.language);
    await this.fanOut.execute({
      eventId: envelope.id,
      campaignId: eventSmsCampaignId(envelope.id),
      messageType: eventSmsMessageType(kind, language),
      message: this.templates[language][kind].replace('{code}', payload.code),
      requestedBy: 'system',
      audience: { kind: 'recipients', recipients: [{ candidateCode: payload.subject, phoneNumber: payload.phoneNumber }] },
    });
  }

  /**
   * An approved correction of the candidate's details: the guardian (their own mobile when the
   * registration named one, else the contact number) is told, in the candidate's language as the
   * record has it now (the correction may have changed the number: the new one is used).
   */
  @EventPattern(EVENT_TOPICS.candidateCorrected)
  async candidateCorrected(@Payload() envelope: EventEnvelope): Promise<void> {
    const payload = this.parse(EVENT_TOPICS.candidateCorrected, envelope, candidateCorrectedPayloadSchema);
    if (payload) await this.tellGuardian(EVENT_TOPICS.candidateCorrected, envelope, payload.candidateCode, 'correction', payload.decidedBy);
  }

  /** A released hall ticket's seat moved: the guardian is told to download it again, as for a correction. */
  @EventPattern(EVENT_TOPICS.candidateSeatChanged)
  async candidateSeatChanged(@Payload() envelope: EventEnvelope): Promise<void> {
    const payload = this.parse(EVENT_TOPICS.candidateSeatChanged, envelope, candidateSeatChangedPayloadSchema);
    if (payload) await this.tellGuardian(EVENT_TOPICS.candidateSeatChanged, envelope, payload.candidateCode, 'seat-change', 'seat-allocation');
  }

  /**
   * A level's result published: the guardian (the number the event carries) is told the score,
   * the rank in the category, a medal, and what comes next, in the candidate's language. An
   * absentee gets none. The event's id is the same for a result handed over again: one SMS.
   */
  @EventPattern(EVENT_TOPICS.candidateResultPublished)
  async candidateResultPublished(@Payload() envelope: EventEnvelope): Promise<void> {
    const payload = this.parse(EVENT_TOPICS.candidateResultPublished, envelope, candidateResultPublishedPayloadSchema);
    if (!payload) return;
    const kind = resultSmsKind(payload);
    if (!kind) return;
    const language = candidateLanguageOf(payload.language);
    if (!payload.phoneNumber) this.logger.warn(`${EVENT_TOPICS.candidateResultPublished} ${envelope.id}: candidate ${payload.candidateCode} has no number on record (${INVALID_NUMBER})`);
    await this.fanOut.execute({
      eventId: envelope.id,
      campaignId: eventSmsCampaignId(envelope.id),
      messageType: eventSmsMessageType(kind, language),
      message: resultSmsText(this.resultTemplates[language][kind], payload, language),
      requestedBy: 'results',
      audience: { kind: 'recipients', recipients: [{ candidateCode: payload.candidateCode, phoneNumber: payload.phoneNumber }] },
    });
  }

  /** The guardian's SMS of a change to the candidate's record, in the candidate's language. */
  private async tellGuardian(topic: string, envelope: EventEnvelope, candidateCode: string, kind: 'correction' | 'seat-change', requestedBy: string): Promise<void> {
    const contact = await this.directory.contactOf(candidateCode);
    if (!contact) {
      this.logger.warn(`${topic} ${envelope.id}: no candidate ${candidateCode}; no SMS`);
      return;
    }
    const phoneNumber = contact.guardianPhoneNumber || contact.phoneNumber;
    if (!phoneNumber) this.logger.warn(`${topic} ${envelope.id}: candidate ${candidateCode} has no number on record (${INVALID_NUMBER})`);
    await this.fanOut.execute({
      eventId: envelope.id,
      campaignId: eventSmsCampaignId(envelope.id),
      messageType: eventSmsMessageType(kind, contact.language),
      message: this.templates[contact.language][kind],
      requestedBy,
      audience: { kind: 'recipients', recipients: [{ candidateCode, phoneNumber }] },
    });
  }

  private async documentReleased(envelope: EventEnvelope, kind: 'hall-ticket' | 'certificate'): Promise<void> {
    if (!this.config.SMS_ON_DOCUMENT_RELEASED) return;
    const topic = kind === 'hall-ticket' ? EVENT_TOPICS.hallTicketReleased : EVENT_TOPICS.certificateReleased;
    const payload = this.parse(topic, envelope, documentReleasedPayloadSchema);
    if (!payload) return;
    // the language as the candidate's record has it now (an admin may have changed it since registration)
    const { phoneNumber, language } = (await this.directory.contactOf(payload.candidateCode)) ?? { phoneNumber: '', language: DEFAULT_CANDIDATE_LANGUAGE };
    if (!phoneNumber) this.logger.warn(`${topic} ${envelope.id}: candidate ${payload.candidateCode} has no number on record (${INVALID_NUMBER})`);
    await this.fanOut.execute({
      eventId: envelope.id,
      campaignId: eventSmsCampaignId(envelope.id),
      messageType: eventSmsMessageType(kind, language),
      message: this.templates[language][kind],
      requestedBy: payload.releasedBy,
      audience: { kind: 'recipients', recipients: [{ candidateCode: payload.candidateCode, phoneNumber }] },
    });
  }

  private parse<S extends z.ZodType>(topic: string, envelope: EventEnvelope, schema: S): z.output<S> | undefined {
    const result = schema.safeParse(envelope?.payload);
    if (result.success && typeof envelope.id === 'string') return result.data;
    this.logger.error(`Skipping malformed ${topic} event ${String(envelope?.id)}: ${result.success ? 'no id' : result.error.message}`);
    return undefined;
  }
}
