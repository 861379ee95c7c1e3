import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { ServiceAuditAction } from '@kbe/contracts';
import type { AuthenticatedAdmin } from '@kbe/server-auth';
import { clientAddress, type ForwardedRequest } from '@kbe/server-bootstrap';
import { APP_CONFIG } from '@kbe/server-config';
import type { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { ExamsConfig } from '../exams.config';
import { AuditEntryDocument } from './audit-entry.schema';
import { AuditForwarder } from './audit-forwarder';

export interface AuditRecord {
  /** One of the actions admin-service's audit log takes from other services. */
  action: ServiceAuditAction;
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
 * The audit log in exams-service's own database, in the shape of admin-service's (actor, role,
 * action, target, details, address, time): an entry is written here first, so that an audited
 * write never waits on admin-service, then copied to admin-service's audit log (AuditForwarder).
 */
@Injectable()
export class MongoAuditLog implements AuditLog {
  constructor(
    @InjectModel(AuditEntryDocument.name) private readonly entries: Model<AuditEntryDocument>,
    @Inject(APP_CONFIG) private readonly config: ExamsConfig,
    private readonly forwarder: AuditForwarder,
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
      forwardedAt: null,
    });
    this.forwarder.forwardSoon();
  }
}
