import { Injectable, NotFoundException } from '@nestjs/common';
import { DeliveryRepository } from '../delivery/delivery.repository';
import { CampaignRepository } from './campaign.repository';

export interface CampaignStats {
  campaignId: string;
  messageType: string;
  audience: string;
  /** Messages accepted for delivery (valid numbers put on the outbound topic). */
  queued: number;
  /** Accepted by the provider (delivered included). */
  sent: number;
  /** Confirmed by the provider's delivery reports. */
  delivered: number;
  /** Rejected before queueing, given up after retries, or reported undelivered; by reason. */
  failed: number;
  failures: Array<{ reason: string; count: number }>;
  /** Queued and not finished yet. */
  pending: number;
  /** Whether the whole audience has been expanded. */
  expanded: boolean;
}

@Injectable()
export class CampaignStatsUseCase {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly deliveries: DeliveryRepository,
  ) {}

  async execute(campaignId: string): Promise<CampaignStats> {
    const campaign = await this.campaigns.totals(campaignId);
    if (!campaign) throw new NotFoundException(`No SMS campaign ${campaignId}`);
    const counts = await this.deliveries.countsOf(campaignId);
    const failedAfterQueueing = counts.failed - campaign.rejected;
    return {
      campaignId,
      messageType: campaign.messageType,
      audience: campaign.audience,
      queued: campaign.queued,
      sent: counts.sent,
      delivered: counts.delivered,
      failed: counts.failed,
      failures: counts.failures,
      pending: Math.max(0, campaign.queued - counts.sent - failedAfterQueueing),
      expanded: campaign.expanded,
    };
  }
}
