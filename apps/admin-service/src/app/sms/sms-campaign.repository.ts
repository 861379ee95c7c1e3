import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { SmsCampaignCounts } from '@kbe/contracts';
import type { Model } from 'mongoose';
import { SmsCampaignDocument } from './sms-campaign.schema';

export type SmsCampaignRecord = SmsCampaignDocument;

export interface SmsCampaignRepository {
  create(campaign: SmsCampaignRecord): Promise<void>;
  remove(campaignId: string): Promise<void>;
  latest(page: number, limit: number): Promise<{ items: SmsCampaignRecord[]; total: number }>;
  setCounts(campaignId: string, counts: SmsCampaignCounts): Promise<boolean>;
}
export const SMS_CAMPAIGN_REPOSITORY = Symbol('SMS_CAMPAIGN_REPOSITORY');

@Injectable()
export class MongoSmsCampaignRepository implements SmsCampaignRepository {
  constructor(@InjectModel(SmsCampaignDocument.name) private readonly model: Model<SmsCampaignDocument>) {}

  async create(campaign: SmsCampaignRecord): Promise<void> {
    await this.model.create(campaign);
  }

  async remove(campaignId: string): Promise<void> {
    await this.model.deleteOne({ campaignId }).exec();
  }

  async latest(page: number, limit: number) {
    const [items, total] = await Promise.all([
      this.model.find().sort({ createdAt: -1, _id: -1 }).skip((page - 1) * limit).limit(limit).lean<SmsCampaignRecord[]>().exec(),
      this.model.countDocuments().exec(),
    ]);
    return { items, total };
  }

  async setCounts(campaignId: string, counts: SmsCampaignCounts): Promise<boolean> {
    const result = await this.model.updateOne({ campaignId }, { $set: counts }).exec();
    return result.matchedCount > 0;
  }
}
