import { Inject, Injectable, Logger } from '@nestjs/common';
import { ADMIN_REPOSITORY, type AdminRepository } from '../admin.repository';
import { PASSWORD_HASHER, type PasswordHasher } from '../password-hasher';

/** Creates the admin account from ADMIN_USERNAME / ADMIN_PASSWORD, or resets its password. */
@Injectable()
export class EnsureAdminAccountUseCase {
  private readonly logger = new Logger(EnsureAdminAccountUseCase.name);

  constructor(
    @Inject(ADMIN_REPOSITORY) private readonly admins: AdminRepository,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute(username: string, password: string): Promise<void> {
    await this.admins.upsert({ username, passwordHash: await this.hasher.hash(password), role: 'admin' });
    this.logger.log(`Admin account "${username}" is ready`);
  }
}
