import { ADMIN_INTERNAL_PATHS, type ServiceAuditEntries } from '@kbe/contracts';
import type { InternalHttpClient } from '@kbe/server-auth';

/** admin-service's audit log, seen from exams-service. */
export interface AdminAuditClient {
  /** Records the entries there (once per `entryId`); rejects when admin-service does not answer 204. */
  record(audit: ServiceAuditEntries): Promise<void>;
}
/** An AdminAuditClient, or null when ADMIN_SERVICE_URL is not set. */
export const ADMIN_AUDIT_CLIENT = Symbol('ADMIN_AUDIT_CLIENT');

export class HttpAdminAuditClient implements AdminAuditClient {
  constructor(private readonly admin: InternalHttpClient) {}

  record(audit: ServiceAuditEntries): Promise<void> {
    return this.admin.postNoContent(ADMIN_INTERNAL_PATHS.auditEntries, audit);
  }
}
