import { loadConfig } from '@kbe/server-config';
import { databaseName } from '@kbe/server-database';
import { isolatedInfraEnv } from '@kbe/server-testing';
import mongoose, { type Connection } from 'mongoose';
import { notificationsEnvSchema } from '../../notifications.config';
import { CampaignRepository } from './campaign.repository';
import { FanOutDocument, FanOutSchema } from './fan-out.schema';

/** The fan-out progress against the real MongoDB-wire server. */
describe('CampaignRepository against the real database', () => {
  const config = loadConfig(notificationsEnvSchema, isolatedInfraEnv());
  let connection: Connection;
  let campaigns: CampaignRepository;

  beforeAll(async () => {
    connection = await mongoose
      .createConnection(config.MONGODB_URI, { dbName: databaseName(config.MONGODB_DB_PREFIX, 'notifications-fanout') })
      .asPromise();
    campaigns = new CampaignRepository(connection.model<FanOutDocument>(FanOutDocument.name, FanOutSchema));
  });

  afterAll(async () => {
    await connection?.dropDatabase().catch(() => undefined);
    await connection?.close();
  });

  it('counts a page once when two consumers expand the same event at once (redelivered to another process after a rebalance)', async () => {
    const fields = { campaignId: 'campaign-twice', messageType: 'custom', audience: 'recipients', requestedBy: 'admin' };
    // Both consumers saw the event as new or unfinished, and both queued its one page.
    await campaigns.start('event-twice', fields);
    await campaigns.start('event-twice', fields);
    const advanced = await Promise.all([
      campaigns.advance('event-twice', null, null, 1_000, 2),
      campaigns.advance('event-twice', null, null, 1_000, 2),
    ]);

    expect(advanced.filter((record) => record !== null)).toHaveLength(1);
    expect(await campaigns.totals('campaign-twice')).toMatchObject({ queued: 1_000, rejected: 2, expanded: true });
  });
});
