import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ADMIN_INTERNAL_PATHS, smsCampaignCountsResponseSchema } from '@kbe/contracts';
import { InternalCallError, InternalHttpClient } from '@kbe/server-auth';
import { InjectConfig } from '@kbe/server-config';
import { errorMessage } from '@kbe/server-bootstrap';
import type { NotificationsConfig } from '../../notifications.config';
import { CampaignStatsUseCase } from './campaign-stats.usecase';

/**
 * The campaign id of an SMS sent because of an event (a registration, a release): admin-service
 * never has such campaigns in its history, so their counts are not reported to it.
 */
export function eventSmsCampaignId(eventId: string): string {
  return `${EVENT_CAMPAIGN_PREFIX}${eventId}`;
}
const EVENT_CAMPAIGN_PREFIX = 'event:';

/**
 * Keeps the admin's SMS history live: campaigns whose counts changed in this process (fan-out,
 * sends, delivery reports, re-drives) are marked, and every SMS_STATS_REPORT_INTERVAL_MS their
 * totals, read from the database (so several processes report the same truth), are sent to
 * admin-service's `PATCH /internal/sms/campaigns/{id}/counts` (absolute values: a repeat is harmless).
 * Event SMS (`eventSmsCampaignId`) are not reported: a bulk release sends one per candidate, and
 * reporting each (its totals read, a PATCH answered 404) delayed the admin's campaigns behind
 * thousands of them. Other campaigns admin-service does not know answer 404 and are dropped.
 */
@Injectable()
export class CampaignStatsReporter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CampaignStatsReporter.name);
  private readonly dirty = new Set<string>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private readonly admin: InternalHttpClient;

  constructor(
    private readonly stats: CampaignStatsUseCase,
    @InjectConfig() private readonly config: NotificationsConfig,
  ) {
    this.admin = new InternalHttpClient({ baseUrl: config.ADMIN_SERVICE_URL, internalToken: config.INTERNAL_API_TOKEN, timeoutMs: 5_000 });
  }

  markChanged(campaignIds: Iterable<string>): void {
    for (const id of campaignIds) if (!id.startsWith(EVENT_CAMPAIGN_PREFIX)) this.dirty.add(id);
  }

  onApplicationBootstrap(): void {
    if (this.config.SMS_STATS_REPORT_INTERVAL_MS === 0) return;
    this.timer = setInterval(() => {
      this.running ??= this.reportOnce().finally(() => (this.running = undefined));
    }, this.config.SMS_STATS_REPORT_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    if (this.config.SMS_STATS_REPORT_INTERVAL_MS > 0) await this.reportOnce();
  }

  async reportOnce(): Promise<void> {
    const ids = [...this.dirty];
    this.dirty.clear();
    for (const id of ids) {
      try {
        const current = await this.stats.execute(id);
        const counts = { successCount: current.sent, failedCount: current.failed, queuedCount: current.pending };
        await this.admin.patch(ADMIN_INTERNAL_PATHS.smsCampaignCounts(id), counts, smsCampaignCountsResponseSchema);
      } catch (error) {
        if (error instanceof InternalCallError && error.status === 404) continue; // a campaign admin-service does not know: dropped
        this.dirty.add(id); // next round
        this.logger.warn(`Campaign ${id} counts not reported yet: ${errorMessage(error)}`);
      }
    }
  }
}
