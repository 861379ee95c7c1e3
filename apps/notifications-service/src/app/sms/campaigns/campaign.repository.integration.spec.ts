import { loadConfig } from '@kbe/server-config';
import { databaseName } from '@kbe/server-database';
import { isolatedInfraEnv } from '@kbe/server-testing';
import mongoose, { type Connection } from 'mongoose';
import { notificationsEnvSchema } from '../../notifications.config';
import { CampaignRepository } from './campaign.repository';
import { FanOutDocument, FanOutSchema, FanOutStepDocument, FanOutStepSchema } from './fan-out.schema';

/** The fan-out progress against the real MongoDB-wire server. */
describe('CampaignRepository against the real database', () => {
  const config = loadConfig(notificationsEnvSchema, isolatedInfraEnv());
  let connection: Connection;
  let campaigns: CampaignRepository;

  const fieldsOf = (campaignId: string) => ({ campaignId, messageType: 'custom', audience: 'group:all', requestedBy: 'admin' });
  /** What a consumer does when it gets the event: records it and reads how far its expansion got. */
  const start = async (eventId: string, fields: ReturnType<typeof fieldsOf>) => {
    await campaigns.record(eventId, fields);
    return campaigns.find(eventId, fields.campaignId);
  };

  beforeAll(async () => {
    connection = await mongoose
      .createConnection(config.MONGODB_URI, { dbName: databaseName(config.MONGODB_DB_PREFIX, 'notifications-fanout') })
      .asPromise();
    campaigns = new CampaignRepository(
      connection.model<FanOutDocument>(FanOutDocument.name, FanOutSchema),
      connection.model<FanOutStepDocument>(FanOutStepDocument.name, FanOutStepSchema),
    );
  });

  afterAll(async () => {
    await connection?.dropDatabase().catch(() => undefined);
    await connection?.close();
  });

  it('counts a page once when two consumers expand the same event at once (redelivered to another process after a rebalance)', async () => {
    const fields = { ...fieldsOf('campaign-twice'), audience: 'recipients' };
    // Both consumers saw the event as new or unfinished, and both queued its one page.
    const [first, second] = await Promise.all([start('event-twice', fields), start('event-twice', fields)]);
    const advanced = await Promise.all([campaigns.advance(first, null, 1_000, 2), campaigns.advance(second, null, 1_000, 2)]);

    expect(advanced.filter((record) => record !== null)).toHaveLength(1);
    expect(await campaigns.totals('campaign-twice')).toMatchObject({ queued: 1_000, rejected: 2, expanded: true });
  });

  it('resumes a redelivered event after its last counted page, and counts each page once when two consumers race through the pages', async () => {
    const fields = fieldsOf('campaign-pages');
    const started = await start('event-pages', fields);
    const afterFirst = await campaigns.advance(started, 'KBE000500AAA', 495, 5);
    expect(afterFirst).toMatchObject({ cursor: 'KBE000500AAA', expandedAt: null });

    // The event is redelivered (the first process died after its first page) to two processes at once.
    const resumed = await Promise.all([start('event-pages', fields), start('event-pages', fields)]);
    expect(resumed.map((record) => record.cursor)).toEqual(['KBE000500AAA', 'KBE000500AAA']);
    const pages: Array<{ to: string | null; queued: number }> = [
      { to: 'KBE001000AAA', queued: 500 },
      { to: null, queued: 200 },
    ];
    const expand = async (record: NonNullable<typeof afterFirst>) => {
      let counted = 0;
      let current = record;
      while (!current.expandedAt) {
        const page = pages.find((_, i) => (i === 0 ? 'KBE000500AAA' : pages[i - 1]?.to) === current.cursor);
        if (!page) throw new Error(`no page after ${current.cursor}`);
        const next = await campaigns.advance(current, page.to, page.queued, 0);
        if (next) counted += 1;
        current = next ?? (await campaigns.find('event-pages', 'campaign-pages'));
      }
      return counted;
    };
    const counted = await Promise.all(resumed.map(expand));

    expect(counted[0] + counted[1]).toBe(2);
    expect(await campaigns.find('event-pages', 'campaign-pages')).toMatchObject({ cursor: null, expandedAt: expect.any(Date) });
    expect(await campaigns.totals('campaign-pages')).toMatchObject({ queued: 1_195, rejected: 5, expanded: true });
    // Finished: a further redelivery has nothing left to expand.
    expect(await start('event-pages', fields)).toMatchObject({ expandedAt: expect.any(Date) });
  });

  it('records an event of one page by its step alone, counted once when two consumers expand it at once', async () => {
    const fields = { ...fieldsOf('campaign-list'), audience: 'recipients' };
    const { campaignId, ...event } = fields;
    const [first, second] = await Promise.all([campaigns.find('event-list', campaignId), campaigns.find('event-list', campaignId)]);
    const advanced = await Promise.all([campaigns.advance(first, null, 998, 2, undefined, event), campaigns.advance(second, null, 998, 2, undefined, event)]);

    expect(advanced.filter((record) => record !== null)).toHaveLength(1);
    expect(await campaigns.find('event-list', campaignId)).toMatchObject({ expandedAt: expect.any(Date) });
    expect(await campaigns.totals(campaignId)).toEqual({ campaignId, messageType: 'custom', audience: 'recipients', queued: 998, rejected: 2, expanded: true });

    // With a group event of the same campaign still expanding, the campaign is not expanded.
    await start('event-list-group', fields);
    expect(await campaigns.totals(campaignId)).toMatchObject({ queued: 998, expanded: false });
  });

  it('reports a campaign as expanded only once every one of its events is', async () => {
    const fields = fieldsOf('campaign-events');
    const one = await start('event-one', fields);
    await campaigns.advance(one, null, 10, 0);
    await start('event-two', fields);

    expect(await campaigns.totals('campaign-events')).toMatchObject({ queued: 10, expanded: false });
  });
});
