import type { OutgoingMessage } from '@kbe/server-messaging';
import type { NotificationsConfig } from '../../notifications.config';
import type { DeliveryRepository } from '../delivery/delivery.repository';
import type { CampaignRepository, FanOutRecord } from './campaign.repository';
import type { CampaignStatsReporter } from './campaign-stats.reporter';
import { FanOutUseCase, INVALID_NUMBER } from './fan-out.usecase';
import type { DirectoryRecipient, RecipientDirectory } from './recipient-directory';

/** In-memory stand-ins behind the use case's own interfaces. */
function setup(candidates: DirectoryRecipient[], failProduceOnCall?: number) {
  const fanOuts = new Map<string, FanOutRecord & { queued: number; rejected: number }>();
  const recordedBy: Record<string, 'record' | 'step'> = {};
  const campaigns = {
    record: async (eventId: string, fields: { campaignId: string }) => {
      recordedBy[eventId] ??= 'record';
      if (!fanOuts.has(eventId)) fanOuts.set(eventId, { eventId, campaignId: fields.campaignId, cursor: null, expandedAt: null, queued: 0, rejected: 0 });
    },
    find: async (eventId: string, campaignId: string) => ({ ...(fanOuts.get(eventId) ?? { eventId, campaignId, cursor: null, expandedAt: null }) }),
    advance: async (fanOut: FanOutRecord, to: string | null, queued: number, rejected: number, _now?: Date, event?: { audience: string }) => {
      if (event && !fanOuts.has(fanOut.eventId)) {
        // A one-page event's step records it.
        recordedBy[fanOut.eventId] ??= 'step';
        fanOuts.set(fanOut.eventId, { eventId: fanOut.eventId, campaignId: fanOut.campaignId, cursor: null, expandedAt: null, queued: 0, rejected: 0 });
      }
      const record = fanOuts.get(fanOut.eventId);
      if (!record || record.cursor !== fanOut.cursor || record.expandedAt) return null;
      Object.assign(record, { cursor: to, queued: record.queued + queued, rejected: record.rejected + rejected, expandedAt: to === null ? new Date() : null });
      return { ...record };
    },
  };
  const rejected: Array<{ id: string; reason: string }> = [];
  const deliveries = { recordRejected: async (entries: Array<{ id: string; reason: string }>) => void rejected.push(...entries) };
  const pages: Array<string | null> = [];
  const directory: RecipientDirectory = {
    page: async (_group, after, limit) => {
      pages.push(after);
      const start = after ? candidates.findIndex((c) => c.candidateCode === after) + 1 : 0;
      const items = candidates.slice(start, start + limit);
      return { items, next: start + limit < candidates.length ? (items.at(-1)?.candidateCode ?? null) : null };
    },
    contactOf: async () => null,
  };
  const produced: OutgoingMessage[] = [];
  let calls = 0;
  const producer = {
    sendBatch: async (messages: readonly OutgoingMessage[]) => {
      calls += 1;
      if (calls === failProduceOnCall) throw new Error('Kafka unavailable');
      produced.push(...messages);
    },
    close: async () => undefined,
  };
  const reporter = { markChanged: () => undefined };
  const config = { KAFKA_TOPIC_PREFIX: 't.', SMS_RECIPIENT_PAGE_SIZE: 2 } as NotificationsConfig;
  const useCase = new FanOutUseCase(
    campaigns as unknown as CampaignRepository,
    deliveries as unknown as DeliveryRepository,
    directory,
    producer,
    reporter as unknown as CampaignStatsReporter,
    config,
  );
  return { useCase, fanOuts, rejected, pages, produced, recordedBy };
}

const candidates: DirectoryRecipient[] = [
  { candidateCode: 'KBE000001AAA', phoneNumber: '9876500001' },
  { candidateCode: 'KBE000002AAA', phoneNumber: '12345' },
  { candidateCode: 'KBE000003AAA', phoneNumber: '+91 98765 00003' },
  { candidateCode: 'KBE000004AAA', phoneNumber: '' },
  { candidateCode: 'KBE000005AAA', phoneNumber: '09876500005' },
];
const request = {
  eventId: 'event-1',
  campaignId: 'campaign-1',
  messageType: 'hall-ticket',
  message: 'KBE: hall ticket ready, ID {candidateCode}',
  requestedBy: 'admin',
  audience: { kind: 'group' as const, group: 'paid' as const },
};

describe('FanOutUseCase', () => {
  it('expands a group page by page with a cursor into one keyed message per valid recipient', async () => {
    const { useCase, fanOuts, rejected, pages, produced } = setup(candidates);
    await useCase.execute(request);

    expect(pages).toEqual([null, 'KBE000002AAA', 'KBE000004AAA']);
    expect(produced.map((message) => [message.topic, message.key])).toEqual([
      ['t.sms.outbound', '+919876500001'],
      ['t.sms.outbound', '+919876500003'],
      ['t.sms.outbound', '+919876500005'],
    ]);
    expect(JSON.parse(produced[0]?.value ?? '{}')).toEqual({
      id: 'campaign-1:KBE000001AAA',
      campaignId: 'campaign-1',
      messageType: 'hall-ticket',
      to: '+919876500001',
      text: 'KBE: hall ticket ready, ID KBE000001AAA',
      encoding: 'GSM-7',
      segments: 1,
      candidateCode: 'KBE000001AAA',
    });
    expect(rejected).toEqual([
      expect.objectContaining({ id: 'campaign-1:KBE000002AAA', reason: INVALID_NUMBER }),
      expect.objectContaining({ id: 'campaign-1:KBE000004AAA', reason: INVALID_NUMBER }),
    ]);
    expect(fanOuts.get('event-1')).toMatchObject({ queued: 3, rejected: 2, cursor: null, expandedAt: expect.any(Date) });
  });

  it('resumes from the stored cursor after a failure, counting no page twice', async () => {
    const { useCase, fanOuts, produced, pages } = setup(candidates, 2);
    await expect(useCase.execute(request)).rejects.toThrow('Kafka unavailable');
    expect(fanOuts.get('event-1')).toMatchObject({ cursor: 'KBE000002AAA', queued: 1, rejected: 1, expandedAt: null });

    await useCase.execute(request); // the redelivered event
    expect(pages).toEqual([null, 'KBE000002AAA', 'KBE000002AAA', 'KBE000004AAA']);
    expect(produced.map((message) => message.key)).toEqual(['+919876500001', '+919876500003', '+919876500005']);
    expect(fanOuts.get('event-1')).toMatchObject({ queued: 3, rejected: 2, expandedAt: expect.any(Date) });

    await useCase.execute(request); // once more after it finished: nothing new
    expect(produced).toHaveLength(3);
  });

  it('records a group event before its first step, and a recipient list (one page) by its one step', async () => {
    const { useCase, fanOuts, recordedBy } = setup(candidates);
    await useCase.execute(request);
    await useCase.execute({ ...request, eventId: 'event-list', audience: { kind: 'recipients', recipients: [{ phoneNumber: '9876500001' }, { phoneNumber: '1' }] } });

    expect(recordedBy).toEqual({ 'event-1': 'record', 'event-list': 'step' });
    expect(fanOuts.get('event-list')).toMatchObject({ queued: 1, rejected: 1, expandedAt: expect.any(Date) });
  });

  it('sends Devanagari as UCS-2 and counts its segments', async () => {
    const { useCase, produced } = setup([]);
    await useCase.execute({ ...request, eventId: 'e2', audience: { kind: 'recipients', recipients: [{ phoneNumber: '9876500001' }] }, message: 'नमस्ते '.repeat(12) });
    expect(JSON.parse(produced[0]?.value ?? '{}')).toMatchObject({ id: 'campaign-1:+919876500001', encoding: 'UCS-2', segments: 2 });
  });
});
