import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_PAGE_SIZE_DEFAULT, type AuditEntry, type ErasureAudit, type Pagination, type ServiceAuditEntries, type auditQuerySchema } from '@kbe/contracts';
import type { z } from 'zod';
import type { AuthenticatedAdmin } from '@kbe/server-auth';
import { clientAddress, type ForwardedRequest } from '@kbe/server-bootstrap';
import { randomUUID } from 'node:crypto';
import { CLOCK, type Clock } from '../common/clock';
import { AUDIT_ENTRY_REPOSITORY, type AuditEntryRepository } from './audit-entry.repository';

/** What the audit log reads of a request: its client address. */
export type RequestOrigin = ForwardedRequest;

export interface AuditRecord {
  action: string;
  target: { type: string; id: string };
  details?: Record<string, unknown>;
}

export const AUDIT_OPTIONS = Symbol('AUDIT_OPTIONS');
export interface AuditOptions {
  trustedProxyHops: number;
}

/** Who changed what, when, from which address. Every admin write records one entry. */
@Injectable()
export class AuditLog {
  constructor(
    @Inject(AUDIT_ENTRY_REPOSITORY) private readonly entries: AuditEntryRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AUDIT_OPTIONS) private readonly options: AuditOptions,
  ) {}

  addressOf(request: RequestOrigin): string {
    return clientAddress(request, this.options.trustedProxyHops);
  }

  /** `from` is the request, or the address already resolved (work done later on the request's behalf). */
  async record(admin: Pick<AuthenticatedAdmin, 'username' | 'role'>, from: RequestOrigin | string, entry: AuditRecord): Promise<void> {
    await this.entries.append({
      entryId: randomUUID(),
      actor: admin.username,
      role: admin.role,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      details: entry.details ?? {},
      ip: typeof from === 'string' ? from : this.addressOf(from),
      at: this.clock.now(),
    });
  }

  /**
   * Erasures registration-service carried out (a guardian's withdrawal, an erasure request an
   * admin resolved): `candidate.erase` by the guardian or that admin, the reason and no personal data.
   */
  async recordErasures(audit: ErasureAudit): Promise<void> {
    for (const erasure of audit.erasures) {
      await this.entries.append({
        entryId: `erasure:${erasure.reason}:${erasure.candidateCode}`,
        actor: erasure.requestedBy,
        role: erasure.requestedBy === 'guardian' ? 'guardian' : 'admin',
        action: 'candidate.erase',
        targetType: 'candidate',
        targetId: erasure.candidateCode,
        details: { reason: erasure.reason },
        ip: 'registration-service',
        at: new Date(erasure.erasedAt),
      });
    }
  }

  /**
   * Audited writes another service recorded first in its own log (exams-service's results), as
   * it recorded them; a repeated post (the same `entryId`) is recorded once.
   */
  async recordEntries(audit: ServiceAuditEntries): Promise<void> {
    await Promise.all(audit.entries.map((entry) => this.entries.appendOnce({ ...entry, at: new Date(entry.at) })));
  }

  async list(query: z.output<typeof auditQuerySchema>): Promise<{ entries: AuditEntry[]; pagination: Pagination }> {
    const page = query.page ?? 1;
    const limit = query.limit ?? ADMIN_PAGE_SIZE_DEFAULT;
    const { entries, total } = await this.entries.page({ actor: query.actor, action: query.action, target: query.target }, page, limit);
    return {
      entries: entries.map((entry) => ({
        id: entry.entryId,
        actor: entry.actor,
        role: entry.role as AuditEntry['role'],
        action: entry.action,
        target: { type: entry.targetType, id: entry.targetId },
        details: entry.details ?? {},
        ip: entry.ip,
        at: entry.at.toISOString(),
      })),
      pagination: { current: page, pages: Math.max(1, Math.ceil(total / limit)), total },
    };
  }
}
