import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ADMIN_PAGE_SIZE_DEFAULT, type AuditEntry, type Pagination, type auditQuerySchema } from '@kbe/contracts';
import type { z } from 'zod';
import type { AuthenticatedAdmin } from '@kbe/server-auth';
import type { Model, QueryFilter } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { clientAddress } from '../common/client-address';
import { CLOCK, type Clock } from '../common/clock';
import { AuditEntryDocument } from './audit-entry.schema';

export interface RequestOrigin {
  headers: Record<string, unknown>;
  socket?: { remoteAddress?: string };
}

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
    @InjectModel(AuditEntryDocument.name) private readonly model: Model<AuditEntryDocument>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AUDIT_OPTIONS) private readonly options: AuditOptions,
  ) {}

  addressOf(request: RequestOrigin): string {
    return clientAddress(request, this.options.trustedProxyHops);
  }

  /** `from` is the request, or the address already resolved (work done later on the request's behalf). */
  async record(admin: Pick<AuthenticatedAdmin, 'username' | 'role'>, from: RequestOrigin | string, entry: AuditRecord): Promise<void> {
    await this.model.create({
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

  async list(query: z.output<typeof auditQuerySchema>): Promise<{ entries: AuditEntry[]; pagination: Pagination }> {
    const filter: QueryFilter<AuditEntryDocument> = {};
    if (query.actor) filter.actor = query.actor;
    if (query.action) filter.action = query.action;
    if (query.target) filter.targetId = query.target;
    const page = query.page ?? 1;
    const limit = query.limit ?? ADMIN_PAGE_SIZE_DEFAULT;
    const [docs, total] = await Promise.all([
      this.model.find(filter).sort({ at: -1 }).skip((page - 1) * limit).limit(limit).lean<AuditEntryDocument[]>().exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return {
      entries: docs.map((doc) => ({
        id: doc.entryId,
        actor: doc.actor,
        role: doc.role as AuditEntry['role'],
        action: doc.action,
        target: { type: doc.targetType, id: doc.targetId },
        details: doc.details ?? {},
        ip: doc.ip,
        at: doc.at.toISOString(),
      })),
      pagination: { current: page, pages: Math.max(1, Math.ceil(total / limit)), total },
    };
  }
}
