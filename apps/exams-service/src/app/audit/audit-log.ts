import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AuthenticatedAdmin } from '@kbe/server-auth';
import { clientAddress, type ForwardedRequest } from '@kbe/server-bootstrap';
import { APP_CONFIG } from '@kbe/server-config';
import type { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { ExamsConfig } from '../exams.config';
import { AuditEntryDocument } from './audit-entry.schema';

export interface AuditRecord {
  action: string;
  target: { type: string; id: string };
  details?: Record<string, unknown>;
}

/**
 * Who did an audited write, and from where: the request (its client address behind the edge), or
 * the address already resolved (work done later on the request's behalf, e.g. a publication).
 */
export interface AuditActor {
  admin: Pick<AuthenticatedAdmin, 'username' | 'role'>;
  from: ForwardedRequest | string;
}

/** exams-service's audited writes (results: import, replacement, publication, withdrawal). */
export interface AuditLog {
  /** The client address of a request, for work that records its entry later. */
  addressOf(request: ForwardedRequest): string;
  record(actor: AuditActor, entry: AuditRecord): Promise<void>;
}
export const AUDIT_LOG = Symbol('AUDIT_LOG');

/**
 * The audit log in exams-service's own database: admin-service's audit API takes only
 * registration-service's erasures, so the entries are kept here in the same shape (actor, role,
 * action, target, details, address, time).
 */
@Injectable()
export class MongoAuditLog implements AuditLog {
  constructor(
    @InjectModel(AuditEntryDocument.name) private readonly entries: Model<AuditEntryDocument>,
    @Inject(APP_CONFIG) private readonly config: ExamsConfig,
  ) {}

  addressOf(request: ForwardedRequest): string {
    return clientAddress(request, this.config.TRUSTED_PROXY_HOPS);
  }

  async record(actor: AuditActor, entry: AuditRecord): Promise<void> {
    await this.entries.create({
      _id: randomUUID(),
      actor: actor.admin.username,
      role: actor.admin.role,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      details: entry.details ?? {},
      ip: typeof actor.from === 'string' ? actor.from : this.addressOf(actor.from),
      at: new Date(),
    });
  }
}
