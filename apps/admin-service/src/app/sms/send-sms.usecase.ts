import { BadRequestException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  SMS_MESSAGES,
  SMS_RECIPIENT_GROUP_LABELS,
  SMS_RECIPIENT_GROUPS,
  SMS_TEMPLATE_TYPES,
  SMS_TEMPLATES,
  countOf,
  fillSmsPlaceholders,
  maskPhoneNumber,
  normaliseIndianMobile,
  smsRequestedPayloadSchema,
  type SmsAudience,
  type SmsHistoryData,
  type SmsMessageType,
  type SmsRecipientGroup,
  type SmsRecipientGroupSize,
  type SmsSendResult,
  type SmsTemplateText,
  type SmsTemplateType,
} from '@kbe/contracts';
import type { AuthenticatedAdmin } from '@kbe/server-auth';
import { randomUUID } from 'node:crypto';
import { AuditLog, type RequestOrigin } from '../audit/audit-log';
import { CLOCK, type Clock } from '../common/clock';
import { SMS_CAMPAIGN_REPOSITORY, type SmsCampaignRepository } from './sms-campaign.repository';

/** Publishes `sms.requested` (through the outbox in the real service). */
export interface SmsRequestPublisher {
  publish(payload: unknown, key: string): Promise<void>;
}
export const SMS_REQUEST_PUBLISHER = Symbol('SMS_REQUEST_PUBLISHER');

/** Live sizes of the recipient groups (registration-service counts them). */
export interface RecipientGroupSizes {
  sizes(): Promise<Record<SmsRecipientGroup, number>>;
}
export const RECIPIENT_GROUP_SIZES = Symbol('RECIPIENT_GROUP_SIZES');

export const SMS_OPTIONS = Symbol('SMS_OPTIONS');
export interface SmsOptions {
  portalUrl: string;
}

const NOT_QUEUED = 'The messages could not be queued. Please try again.';

/**
 * SMS campaigns: each send creates a campaign record (admin-service owns them) and publishes one
 * `sms.requested`; notifications-service delivers and reports counts back. The answer is immediate
 * (DECISIONS): successCount = recipients queued, failureCount = rejected before queueing.
 */
@Injectable()
export class SendSmsUseCase {
  constructor(
    @Inject(SMS_CAMPAIGN_REPOSITORY) private readonly campaigns: SmsCampaignRepository,
    @Inject(SMS_REQUEST_PUBLISHER) private readonly publisher: SmsRequestPublisher,
    @Inject(RECIPIENT_GROUP_SIZES) private readonly groups: RecipientGroupSizes,
    @Inject(SMS_OPTIONS) private readonly options: SmsOptions,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  async sendOne(admin: AuthenticatedAdmin, origin: RequestOrigin, phoneNumber: string, message: string, type: SmsMessageType) {
    const phone = normaliseIndianMobile(phoneNumber);
    if (!phone) throw new BadRequestException(SMS_MESSAGES.phoneInvalid);
    return this.createCampaign(admin, origin, {
      type,
      recipients: phone,
      audience: { kind: 'recipients', recipients: [{ phoneNumber: phone }] },
      recipientCount: 1,
      message,
    });
  }

  async sendToGroup(admin: AuthenticatedAdmin, origin: RequestOrigin, group: SmsRecipientGroup, message: string, type: SmsMessageType) {
    const size = (await this.groups.sizes())[group];
    return this.createCampaign(admin, origin, { type, recipients: group, audience: { kind: 'group', group }, recipientCount: size, message });
  }

  async sendTemplate(admin: AuthenticatedAdmin, origin: RequestOrigin, group: SmsRecipientGroup, template: SmsTemplateType) {
    return this.sendToGroup(admin, origin, group, this.templateText(template), template);
  }

  /** Each template as a campaign carries it (the SMS tab previews and counts these). */
  templates(): SmsTemplateText[] {
    return SMS_TEMPLATE_TYPES.map((template) => ({ template, text: this.templateText(template) }));
  }

  /** The portal address filled in; `{candidateCode}` is left for notifications-service, per recipient. */
  private templateText(template: SmsTemplateType): string {
    return fillSmsPlaceholders(SMS_TEMPLATES[template], { portalUrl: this.options.portalUrl });
  }

  async history(page: number, limit: number): Promise<SmsHistoryData> {
    const found = await this.campaigns.latest(page, limit);
    return {
      history: found.items.map((campaign) => ({
        id: campaign.campaignId,
        type: campaign.type as SmsMessageType,
        recipients: campaign.recipients,
        recipientCount: campaign.recipientCount,
        message: campaign.message,
        requestedBy: campaign.requestedBy,
        timestamp: campaign.createdAt.toISOString(),
        successCount: campaign.successCount,
        failedCount: campaign.failedCount,
        queuedCount: campaign.queuedCount,
      })),
      pagination: { current: page, pages: Math.max(1, Math.ceil(found.total / limit)), total: found.total },
    };
  }

  async groupSizes(): Promise<SmsRecipientGroupSize[]> {
    const sizes = await this.groups.sizes();
    return SMS_RECIPIENT_GROUPS.map((group) => ({ group, label: SMS_RECIPIENT_GROUP_LABELS[group], size: sizes[group] }));
  }

  private async createCampaign(
    admin: AuthenticatedAdmin,
    origin: RequestOrigin,
    campaign: { type: SmsMessageType; recipients: string; audience: SmsAudience; recipientCount: number; message: string },
  ): Promise<{ message: string; data: SmsSendResult }> {
    const campaignId = randomUUID();
    const payload = smsRequestedPayloadSchema.parse({
      campaignId,
      messageType: campaign.type,
      audience: campaign.audience,
      message: campaign.message,
      requestedBy: admin.username,
    });
    await this.campaigns.create({
      campaignId,
      type: campaign.type,
      recipients: campaign.recipients,
      audience: campaign.audience,
      recipientCount: campaign.recipientCount,
      message: campaign.message,
      requestedBy: admin.username,
      createdAt: this.clock.now(),
      successCount: 0,
      failedCount: 0,
      queuedCount: campaign.recipientCount,
    });
    try {
      await this.publisher.publish(payload, campaignId);
    } catch {
      // No event, no campaign: the history never shows a campaign that will not be sent.
      await this.campaigns.remove(campaignId).catch(() => undefined);
      throw new ServiceUnavailableException(NOT_QUEUED);
    }
    // A single recipient's number is personal data: the audit log keeps only its last four digits.
    const auditedRecipients = campaign.audience.kind === 'recipients' ? maskPhoneNumber(campaign.recipients) : campaign.recipients;
    await this.audit.record(admin, origin, {
      action: 'sms.send',
      target: { type: 'sms-campaign', id: campaignId },
      details: { type: campaign.type, recipients: auditedRecipients, recipientCount: campaign.recipientCount },
    });
    return {
      message: `${countOf(campaign.recipientCount, 'message')} queued for delivery`,
      data: { successCount: campaign.recipientCount, failureCount: 0, campaignId },
    };
  }
}
