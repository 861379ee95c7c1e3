import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AdminRole } from '@kbe/contracts';
import { ADMIN_REPOSITORY, type AdminRepository } from '../admin.repository';
import { PASSWORD_HASHER, type PasswordHasher } from '../password-hasher';

/** Creates an admin account, or resets its password and role (env seed at start, and the create-admin CLI). */
@Injectable()
export class EnsureAdminAccountUseCase {
  private readonly logger = new Logger(EnsureAdminAccountUseCase.name);

  constructor(
    @Inject(ADMIN_REPOSITORY) private readonly admins: AdminRepository,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute(username: string, password: string, role: AdminRole = 'admin'): Promise<void> {
    await this.admins.upsert({ username, passwordHash: await this.hasher.hash(password), role });
    this.logger.log(`Admin account "${username}" (${role}) is ready`);
  }
}
