import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { FanOutDocument } from './fan-out.schema';

const DUPLICATE_KEY = 11000;

export interface FanOutRecord {
  eventId: string;
  campaignId: string;
  cursor: string | null;
  expandedAt: Date | null;
}

export interface CampaignTotals {
  campaignId: string;
  messageType: string;
  audience: string;
  queued: number;
  rejected: number;
  /** Every fan-out of the campaign expanded its whole audience. */
  expanded: boolean;
}

/** Fan-out progress per event and the campaign totals summed from it. */
@Injectable()
export class CampaignRepository {
  constructor(@InjectModel(FanOutDocument.name) private readonly model: Model<FanOutDocument>) {}

  /** The fan-out of an event, created when first seen (a redelivered event finds it and resumes). */
  async start(
    eventId: string,
    fields: { campaignId: string; messageType: string; audience: string; requestedBy: string },
    now = new Date(),
  ): Promise<FanOutRecord> {
    try {
      // Insert first: a new event costs one write; a duplicate `_id` means it was seen before.
      await this.model.collection.insertOne({ _id: eventId as never, ...fields, cursor: null, queued: 0, rejected: 0, expandedAt: null, createdAt: now, updatedAt: now });
      return { eventId, campaignId: fields.campaignId, cursor: null, expandedAt: null };
    } catch (error) {
      if ((error as { code?: number } | null)?.code !== DUPLICATE_KEY) throw error;
      return (await this.find(eventId)) as FanOutRecord;
    }
  }

  async find(eventId: string): Promise<FanOutRecord | null> {
    const doc = await this.model.findById(eventId).lean<FanOutDocument>().exec();
    return doc ? { eventId: doc._id, campaignId: doc.campaignId, cursor: doc.cursor ?? null, expandedAt: doc.expandedAt ?? null } : null;
  }

  /**
   * Moves the cursor past a page whose messages are on the outbound topic and adds its counts,
   * only if the cursor is still where that page started (a page is never counted twice), and
   * returns the fan-out as it is now (null: it had moved on). The check and the write are one
   * conditional update: two consumers can expand one event at once (after a rebalance the
   * event is redelivered to another process while the first is still on it), and only one of
   * them may count the page. The filter is more than `_id` (FerretDB then reads the whole
   * collection), acceptable on this small collection: one document per event.
   */
  async advance(eventId: string, from: string | null, to: string | null, queued: number, rejected: number, now = new Date()): Promise<FanOutRecord | null> {
    const current = await this.find(eventId);
    if (!current || current.cursor !== from || current.expandedAt) return null;
    const expandedAt = to === null ? now : null;
    const result = await this.model
      .updateOne({ _id: eventId, cursor: from, expandedAt: null }, { $set: { cursor: to, updatedAt: now, expandedAt }, $inc: { queued, rejected } })
      .exec();
    if (result.modifiedCount !== 1) return null;
    return { ...current, cursor: to, expandedAt };
  }

  /** Statistics only (not the delivery path): the fan-outs of a campaign, a scan of this small collection. */
  async totals(campaignId: string): Promise<CampaignTotals | null> {
    const docs = await this.model.find({ campaignId }).lean<FanOutDocument[]>().exec();
    const first = docs[0];
    if (!first) return null;
    return {
      campaignId,
      messageType: first.messageType,
      audience: first.audience,
      queued: docs.reduce((sum, doc) => sum + doc.queued, 0),
      rejected: docs.reduce((sum, doc) => sum + doc.rejected, 0),
      expanded: docs.every((doc) => doc.expandedAt),
    };
  }
}
