import { Inject, Injectable } from '@nestjs/common';
import { fillSmsPlaceholders, smsLength, type SmsRecipientGroup, type SmsRequestedPayload } from '@kbe/contracts';
import { InjectConfig } from '@kbe/server-config';
import { EVENT_PRODUCER, topicName, type EventProducer } from '@kbe/server-messaging';
import type { NotificationsConfig } from '../../notifications.config';
import { DeliveryRepository } from '../delivery/delivery.repository';
import { outboundSmsId, SMS_OUTBOUND_TOPIC, type OutboundSms } from '../delivery/outbound-message';
import { toIndianE164 } from '../phone-number.util';
import { CampaignRepository } from './campaign.repository';
import { CampaignStatsReporter } from './campaign-stats.reporter';
import { RECIPIENT_DIRECTORY, type RecipientDirectory } from './recipient-directory';

export const INVALID_NUMBER = 'Invalid or missing Indian mobile number';

export interface FanOutRequest {
  /** Id of the event asking for it (the same on redelivery). */
  eventId: string;
  campaignId: string;
  messageType: string;
  message: string;
  requestedBy: string;
  audience: SmsRequestedPayload['audience'];
}

interface Recipient {
  candidateCode?: string;
  phoneNumber: string;
}

/**
 * Expands a campaign into one message per recipient on the outbound topic, a page at a time
 * (a group is read from registration-service with a cursor, never whole). After each page is
 * on the topic the campaign's cursor moves on, so a redelivered or resumed event continues
 * where it stopped; a page repeated after a crash yields the same message ids, which the
 * delivery log refuses to send twice. Invalid numbers are recorded as failed, never queued.
 */
@Injectable()
export class FanOutUseCase {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly deliveries: DeliveryRepository,
    @Inject(RECIPIENT_DIRECTORY) private readonly directory: RecipientDirectory,
    @Inject(EVENT_PRODUCER) private readonly producer: EventProducer,
    private readonly reporter: CampaignStatsReporter,
    @InjectConfig() private readonly config: NotificationsConfig,
  ) {}

  async execute(request: FanOutRequest): Promise<void> {
    const audience = request.audience.kind === 'group' ? `group:${request.audience.group}` : 'recipients';
    const { campaignId, messageType, requestedBy } = request;
    // A recipient list is one page: its one step records the event too (one insert, not two).
    const onePage = request.audience.kind === 'recipients';
    // Otherwise the event's record is written while its progress is read and its first page
    // queued (the insert is the slow part); it is in place before the first step.
    const recorded = onePage ? Promise.resolve() : this.campaigns.record(request.eventId, { campaignId, messageType, audience, requestedBy });
    void recorded.catch(() => undefined); // awaited below; an error thrown before then must not leave it unhandled
    let fanOut = await this.campaigns.find(request.eventId, campaignId);
    while (!fanOut.expandedAt) {
      const page = await this.page(request.audience, fanOut.cursor);
      const { valid, rejected } = this.split(request, page.items);
      await this.deliveries.recordRejected(rejected);
      await this.queue(valid);
      await recorded;
      const event = onePage ? { messageType, audience, requestedBy } : undefined;
      const counted = await this.campaigns.advance(fanOut, page.next, valid.length, rejected.length, undefined, event);
      this.reporter.markChanged([campaignId]);
      // Not counted: another process had counted that page; continue from where the steps say.
      fanOut = counted ?? (await this.campaigns.find(request.eventId, campaignId));
    }
    await recorded;
  }

  private async page(audience: FanOutRequest['audience'], cursor: string | null): Promise<{ items: Recipient[]; next: string | null }> {
    if (audience.kind === 'recipients') return { items: audience.recipients, next: null };
    return this.directory.page(audience.group as SmsRecipientGroup, cursor, this.config.SMS_RECIPIENT_PAGE_SIZE);
  }

  private split(request: FanOutRequest, recipients: readonly Recipient[]) {
    const valid: OutboundSms[] = [];
    const rejected: Array<{ id: string; campaignId: string; messageType: string; to: string; candidateCode?: string; reason: string }> = [];
    for (const recipient of recipients) {
      const to = toIndianE164(recipient.phoneNumber);
      const candidate = recipient.candidateCode ? { candidateCode: recipient.candidateCode } : {};
      if (!to) {
        const id = outboundSmsId(request.campaignId, { ...candidate, to: recipient.phoneNumber.trim() });
        rejected.push({ id, campaignId: request.campaignId, messageType: request.messageType, to: recipient.phoneNumber, ...candidate, reason: INVALID_NUMBER });
        continue;
      }
      // `{candidateCode}` for this recipient (empty for a typed number); the SMS tab previews the same way.
      const text = fillSmsPlaceholders(request.message, { candidateCode: recipient.candidateCode ?? '' });
      const length = smsLength(text);
      valid.push({
        id: outboundSmsId(request.campaignId, { ...candidate, to }),
        campaignId: request.campaignId,
        messageType: request.messageType,
        to,
        text,
        encoding: length.encoding,
        segments: length.segments,
        ...candidate,
      });
    }
    return { valid, rejected };
  }

  private async queue(valid: readonly OutboundSms[]): Promise<void> {
    const topic = topicName(this.config.KAFKA_TOPIC_PREFIX, SMS_OUTBOUND_TOPIC);
    // No headers: the id is in the value, and each header costs encoding and decoding per record on both sides.
    await this.producer.sendBatch(valid.map((message) => ({ topic, key: message.to, value: JSON.stringify(message) })));
  }
}
