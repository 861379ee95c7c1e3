import { Injectable } from '@nestjs/common';
import { ADMIN_INTERNAL_PATHS, type ErasureAudit } from '@kbe/contracts';
import { InjectConfig } from '@kbe/server-config';
import type { RegistrationConfig } from '../../registration.config';

/** Records erasures in admin-service's audit log (its internal API); rejects when it does not answer 204. */
@Injectable()
export class ErasureAuditClient {
  constructor(@InjectConfig() private readonly config: RegistrationConfig) {}

  async record(audit: ErasureAudit): Promise<void> {
    if (!this.config.ADMIN_SERVICE_URL) throw new Error('ADMIN_SERVICE_URL is not set');
    const response = await fetch(`${this.config.ADMIN_SERVICE_URL}${ADMIN_INTERNAL_PATHS.erasureAudit}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': this.config.INTERNAL_API_TOKEN },
      body: JSON.stringify(audit),
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 204) throw new Error(`admin-service answered ${response.status}`);
  }
}
