import { randomUUID } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { AdminTokenIssuer, type AuthenticatedAdmin } from '@kbe/server-auth';
import { ADMIN_REPOSITORY, type AdminRepository } from '../admin.repository';
import { PASSWORD_HASHER, type PasswordHasher } from '../password-hasher';

export const INVALID_CREDENTIALS = 'Invalid username or password';

export interface LoginResult {
  token: string;
  expiresIn: number;
  user: AuthenticatedAdmin;
}

@Injectable()
export class LoginUseCase {
  /** Hash of a random secret: an unknown username costs the same time as a wrong password. */
  private dummyHash?: Promise<string>;

  constructor(
    @Inject(ADMIN_REPOSITORY) private readonly admins: AdminRepository,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    private readonly tokens: AdminTokenIssuer,
  ) {}

  async execute(username: string, password: string): Promise<LoginResult> {
    const account = await this.admins.findByUsername(username);
    this.dummyHash ??= this.hasher.hash(randomUUID());
    const matches = await this.hasher.verify(password, account?.passwordHash ?? (await this.dummyHash));
    if (!account || !matches) throw new UnauthorizedException(INVALID_CREDENTIALS);
    const { token, expiresIn } = await this.tokens.issue(account.username);
    return { token, expiresIn, user: { username: account.username, role: account.role } };
  }
}
