import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { ADMIN_MESSAGES, type AdminUser } from '@kbe/contracts';
import type { AuthenticatedAdmin } from '@kbe/server-auth';
import { ADMIN_REPOSITORY, type AdminRepository } from '../admin.repository';

/** The admin behind a valid token, as long as the account still exists (its current role). */
@Injectable()
export class GetCurrentAdminUseCase {
  constructor(@Inject(ADMIN_REPOSITORY) private readonly admins: AdminRepository) {}

  async execute(admin: AuthenticatedAdmin): Promise<AdminUser> {
    const account = await this.admins.findByUsername(admin.username);
    if (!account) throw new UnauthorizedException(ADMIN_MESSAGES.invalidToken);
    return { username: account.username, role: account.role };
  }
}
