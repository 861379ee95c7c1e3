import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { INTERNAL_TOKEN_HEADER } from '@kbe/server-auth';
import { InjectConfig } from '@kbe/server-config';
import type { NotificationsConfig } from '../../notifications.config';
import { CampaignStatsUseCase } from './campaign-stats.usecase';

/**
 * Keeps the admin's SMS history live: campaigns whose counts changed in this process (fan-out,
 * sends, delivery reports, re-drives) are marked, and every SMS_STATS_REPORT_INTERVAL_MS their
 * totals, read from the database (so several processes report the same truth), are sent to
 * admin-service's `PATCH /internal/sms/campaigns/{id}/counts` (absolute values: a repeat is harmless).
 * Campaigns admin-service does not know (single-candidate event SMS) answer 404 and are dropped.
 */
@Injectable()
export class CampaignStatsReporter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CampaignStatsReporter.name);
  private readonly dirty = new Set<string>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly stats: CampaignStatsUseCase,
    @InjectConfig() private readonly config: NotificationsConfig,
  ) {}

  markChanged(campaignIds: Iterable<string>): void {
    for (const id of campaignIds) this.dirty.add(id);
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
        const response = await fetch(`${this.config.ADMIN_SERVICE_URL}/internal/sms/campaigns/${encodeURIComponent(id)}/counts`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: this.config.INTERNAL_API_TOKEN },
          body: JSON.stringify({ successCount: current.sent, failedCount: current.failed, queuedCount: current.pending }),
          signal: AbortSignal.timeout(5_000),
        });
        if (response.status === 404) continue;
        if (!response.ok) throw new Error(`admin-service answered ${response.status}`);
      } catch (error) {
        this.dirty.add(id); // next round
        this.logger.warn(`Campaign ${id} counts not reported yet: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
