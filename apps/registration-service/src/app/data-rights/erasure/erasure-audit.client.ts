import { Injectable } from '@nestjs/common';
import { ADMIN_INTERNAL_PATHS, type ErasureAudit } from '@kbe/contracts';
import { InjectConfig } from '@kbe/server-config';
import { InternalHttpClient } from '@kbe/server-auth';
import type { RegistrationConfig } from '../../registration.config';

/** Records erasures in admin-service's audit log (its internal API); rejects when it does not answer 204. */
@Injectable()
export class ErasureAuditClient {
  private readonly admin: InternalHttpClient | null;

  constructor(@InjectConfig() config: RegistrationConfig) {
    this.admin = config.ADMIN_SERVICE_URL ? new InternalHttpClient({ baseUrl: config.ADMIN_SERVICE_URL, internalToken: config.INTERNAL_API_TOKEN }) : null;
  }

  async record(audit: ErasureAudit): Promise<void> {
    if (!this.admin) throw new Error('ADMIN_SERVICE_URL is not set');
    await this.admin.postNoContent(ADMIN_INTERNAL_PATHS.erasureAudit, audit);
  }
}
