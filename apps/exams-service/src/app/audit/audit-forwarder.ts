import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AdminRole, ServiceAuditAction, ServiceAuditEntries } from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import { APP_CONFIG } from '@kbe/server-config';
import type { Model } from 'mongoose';
import type { ExamsConfig } from '../exams.config';
import { ADMIN_AUDIT_CLIENT, type AdminAuditClient } from './admin-audit.client';
import { AuditEntryDocument } from './audit-entry.schema';

/** Entries per post: the most the contract takes. */
const FORWARD_BATCH = 100;

/**
 * Copies the audit entries to admin-service's audit log, so that the admin's audit page shows
 * them: right after each is recorded, at start, and every AUDIT_FORWARD_INTERVAL_MS those
 * admin-service did not take (it was away, or its answer was lost). An entry is marked
 * `forwardedAt` once admin-service answered 204; posting one again is harmless (kept once per
 * `entryId`), so replicas forwarding the same entries at once write it once.
 */
@Injectable()
export class AuditForwarder implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AuditForwarder.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  /** An entry was recorded while a pass was under way: another pass follows it. */
  private again = false;
  private stopped = false;

  constructor(
    @InjectModel(AuditEntryDocument.name) private readonly entries: Model<AuditEntryDocument>,
    @Inject(ADMIN_AUDIT_CLIENT) private readonly admin: AdminAuditClient | null,
    @Inject(APP_CONFIG) private readonly config: ExamsConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.admin) {
      this.logger.warn("ADMIN_SERVICE_URL is not set: audit entries stay in exams-service's audit_entries only");
      return;
    }
    this.forwardSoon();
    this.timer = setInterval(() => this.forwardSoon(), this.config.AUDIT_FORWARD_INTERVAL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Starts a pass in the background, or another after the one under way. */
  forwardSoon(): void {
    if (!this.admin || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.forwardPending()
      .then(() => undefined)
      .catch((error: unknown) =>
        this.logger.warn(`audit entries not in admin-service's audit log yet, sent again within ${this.config.AUDIT_FORWARD_INTERVAL_MS} ms: ${errorMessage(error)}`),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.forwardSoon();
        }
      });
  }

  /** Posts the entries not forwarded yet, a batch at a time, and marks them; answers how many were. */
  async forwardPending(): Promise<number> {
    if (!this.admin) return 0;
    let forwarded = 0;
    for (;;) {
      const batch = await this.entries.find({ forwardedAt: null }).limit(FORWARD_BATCH).lean<AuditEntryDocument[]>();
      if (batch.length === 0) return forwarded;
      await this.admin.record({ entries: batch.map(sentOf) });
      await this.entries.updateMany({ _id: { $in: batch.map((entry) => entry._id) } }, { $set: { forwardedAt: new Date() } });
      forwarded += batch.length;
      if (batch.length < FORWARD_BATCH) return forwarded;
    }
  }
}

/** An entry as admin-service's contract takes it: its id is the entry's `_id`. */
const sentOf = (entry: AuditEntryDocument): ServiceAuditEntries['entries'][number] => ({
  entryId: entry._id,
  actor: entry.actor,
  role: entry.role as AdminRole,
  action: entry.action as ServiceAuditAction,
  targetType: entry.targetType,
  targetId: entry.targetId,
  details: entry.details ?? {},
  ip: entry.ip,
  at: entry.at.toISOString(),
});
