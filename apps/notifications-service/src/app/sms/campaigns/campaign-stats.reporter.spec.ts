import type { NotificationsConfig } from '../../notifications.config';
import { CampaignStatsReporter, eventSmsCampaignId } from './campaign-stats.reporter';
import type { CampaignStatsUseCase } from './campaign-stats.usecase';

describe('CampaignStatsReporter', () => {
  const asked: string[] = [];
  const stats = {
    execute: async (campaignId: string) => {
      asked.push(campaignId);
      throw new Error('not reported in this test');
    },
  } as unknown as CampaignStatsUseCase;
  const config = { SMS_STATS_REPORT_INTERVAL_MS: 0, ADMIN_SERVICE_URL: 'http://127.0.0.1:9', INTERNAL_API_TOKEN: 'x' } as NotificationsConfig;

  beforeEach(() => asked.splice(0));

  it("reports an admin campaign's counts, but never the SMS an event sent to one candidate", async () => {
    const reporter = new CampaignStatsReporter(stats, config);
    reporter.markChanged(['5b3f0c8e-admin-campaign', eventSmsCampaignId('release-1:KBE123456ABC'), eventSmsCampaignId('registration-7')]);
    await reporter.reportOnce();
    expect(asked).toEqual(['5b3f0c8e-admin-campaign']);
  });

  it('tries a campaign whose report failed again in the next round', async () => {
    const reporter = new CampaignStatsReporter(stats, config);
    reporter.markChanged(['campaign-a']);
    await reporter.reportOnce();
    await reporter.reportOnce();
    expect(asked).toEqual(['campaign-a', 'campaign-a']);
  });
});
