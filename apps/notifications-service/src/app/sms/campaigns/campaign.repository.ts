import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKeyError } from '@kbe/server-database';
import { FanOutDocument, FanOutStepDocument, fanOutStepId } from './fan-out.schema';

/** Where the expansion of an event stands. */
export interface FanOutRecord {
  eventId: string;
  campaignId: string;
  /** `after` of the next page to expand; null before the first page and after the last one. */
  cursor: string | null;
  /** When its last page was counted; null while pages are left. */
  expandedAt: Date | null;
}

/** What is recorded of an event: its campaign, message type, audience and who asked. */
export interface FanOutEventFields {
  campaignId: string;
  messageType: string;
  audience: string;
  requestedBy: string;
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

/**
 * Fan-out progress per event, written by inserts only: the event once, then one step per page
 * (see `FanOutStepDocument`). On FerretDB a conditional update is not atomic against a concurrent
 * one, an insert under a unique `_id` is; so "count this page" is the insert of its step, and
 * a duplicate key means another process already counted it.
 */
@Injectable()
export class CampaignRepository {
  constructor(
    @InjectModel(FanOutDocument.name) private readonly events: Model<FanOutDocument>,
    @InjectModel(FanOutStepDocument.name) private readonly steps: Model<FanOutStepDocument>,
  ) {}

  /**
   * Records the event (its campaign, message type, audience) once: an insert, a duplicate `_id`
   * meaning it was seen before. Not needed to resume (the steps say how far it got), so the
   * caller can read the progress meanwhile; it must be written before the event's first step.
   */
  async record(eventId: string, fields: FanOutEventFields, now = new Date()): Promise<void> {
    try {
      await this.events.collection.insertOne({ _id: eventId as never, ...fields, createdAt: now });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** Where the event's expansion stands: its steps followed from the first page, one read by `_id` each (none yet: a new event). */
  async find(eventId: string, campaignId: string): Promise<FanOutRecord> {
    let record: FanOutRecord = { eventId, campaignId, cursor: null, expandedAt: null };
    for (;;) {
      const step = await this.steps.findById(fanOutStepId(eventId, record.cursor)).lean<FanOutStepDocument>().exec();
      if (!step) return record;
      record = { ...record, cursor: step.to, expandedAt: step.to === null ? step.at : null };
      if (record.expandedAt) return record;
    }
  }

  /**
   * Counts the page that started at `fanOut.cursor` (its messages are on the outbound topic) and
   * returns the fan-out after it; null when another process had already counted that page (two
   * consumers can expand one event at once: after a rebalance the event is redelivered to another
   * process while the first is still on it). One insert, atomic on its unique `_id`.
   * `event`: the event's own fields, for an event of one page that was not `record`ed: its only
   * step is its record too (one insert per event instead of two).
   */
  async advance(
    fanOut: FanOutRecord,
    to: string | null,
    queued: number,
    rejected: number,
    now = new Date(),
    event?: Omit<FanOutEventFields, 'campaignId'>,
  ): Promise<FanOutRecord | null> {
    const { eventId, campaignId, cursor: from } = fanOut;
    const own = event ? { messageType: event.messageType, audience: event.audience, requestedBy: event.requestedBy } : {};
    try {
      await this.steps.collection.insertOne({ _id: fanOutStepId(eventId, from) as never, eventId, campaignId, to, queued, rejected, at: now, ...own });
    } catch (error) {
      if (isDuplicateKeyError(error)) return null;
      throw error;
    }
    return { ...fanOut, cursor: to, expandedAt: to === null ? now : null };
  }

  /**
   * Statistics only (not the delivery path): the events and steps of a campaign, scans of these
   * small collections. An event of one page is its step (with the event's fields), finished.
   */
  async totals(campaignId: string): Promise<CampaignTotals | null> {
    const recorded = await this.events.find({ campaignId }).lean<FanOutDocument[]>().exec();
    const steps = await this.steps.find({ campaignId }).lean<FanOutStepDocument[]>().exec();
    const events: Array<Pick<FanOutDocument, '_id' | 'messageType' | 'audience'>> = [
      ...recorded,
      ...steps.flatMap((step) => (step.audience && step.messageType ? [{ _id: step.eventId, messageType: step.messageType, audience: step.audience }] : [])),
    ];
    const first = events[0];
    if (!first) return null;
    const finished = new Set(steps.filter((step) => step.to === null).map((step) => step.eventId));
    return {
      campaignId,
      messageType: first.messageType,
      audience: first.audience,
      // Every step is on its event's chain (a page starts only at a cursor read from a step), so the sums count each page once.
      queued: steps.reduce((sum, step) => sum + step.queued, 0),
      rejected: steps.reduce((sum, step) => sum + step.rejected, 0),
      expanded: events.every((event) => finished.has(event._id)),
    };
  }
}
