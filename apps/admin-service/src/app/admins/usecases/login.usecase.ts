import { HttpException, HttpStatus, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, DEVELOPMENT_ADMIN_ACCOUNT, type AdminLoginResponse } from '@kbe/contracts';
import { AdminTokenIssuer } from '@kbe/server-auth';
import { ADMIN_LOGIN_LOCKOUTS, Metrics } from '@kbe/server-metrics';
import type { Counter } from 'prom-client';
import { CLOCK, type Clock } from '../../common/clock';
import { ADMIN_REPOSITORY, type AdminRepository } from '../admin.repository';
import { LOGIN_ATTEMPT_STORE, type LoginAttemptStore } from '../login-attempts.store';
import { PASSWORD_HASHER, type PasswordHasher } from '../password-hasher';

export interface LoginPolicy {
  /**
   * Production: the development test-login's public password (DEVELOPMENT_ADMIN_ACCOUNT) opens no
   * account, even one created with it (a development database reused, the create-admin command).
   */
  refuseDevelopmentPassword: boolean;
  slowDownAfter: number;
  lockAfter: number;
  windowSeconds: number;
}
export const LOGIN_POLICY = Symbol('LOGIN_POLICY');

const MAX_DELAY_SECONDS = 60;

/** 429: the caller must wait `retryAfterSeconds` (sent as `Retry-After`). */
export class LoginThrottledException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message: ADMIN_MESSAGES.tooManyAttempts }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Login with brute-force protection. Failures are counted per username (whether or not it
 * exists, so the answers never reveal an account) and per client address. From `slowDownAfter`
 * failures each attempt must wait 1 s, 2 s, 4 s ... (at most 60 s) after the last failure; from
 * `lockAfter` failures logins are locked for the window. Either answers 429 with Retry-After.
 */
@Injectable()
export class LoginUseCase {
  private readonly logger = new Logger(LoginUseCase.name);
  /** Hash of a random secret: an unknown username costs the same time as a wrong password. */
  private dummyHash?: Promise<string>;
  private readonly lockouts: Counter<'reason'>;

  constructor(
    @Inject(ADMIN_REPOSITORY) private readonly admins: AdminRepository,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    private readonly tokens: AdminTokenIssuer,
    @Inject(LOGIN_ATTEMPT_STORE) private readonly attempts: LoginAttemptStore,
    @Inject(LOGIN_POLICY) private readonly policy: LoginPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
    metrics: Metrics,
  ) {
    this.lockouts = metrics.counter(ADMIN_LOGIN_LOCKOUTS);
  }

  async execute(username: string, password: string, clientAddress: string): Promise<AdminLoginResponse> {
    const keys = [`user:${username.toLowerCase()}`, `ip:${clientAddress}`];
    const now = this.clock.now();
    const waits = await Promise.all(keys.map((key) => this.waitOf(key, now)));
    const wait = Math.max(...waits.map(({ seconds }) => seconds));
    if (wait > 0) {
      this.lockouts.inc({ reason: waits.some(({ seconds, locked }) => locked && seconds > 0) ? 'locked' : 'slowed' });
      throw new LoginThrottledException(wait);
    }

    const account = await this.admins.findByUsername(username);
    this.dummyHash ??= this.hasher.hash(randomUUID());
    const check = await this.hasher.verify(password, account?.passwordHash ?? (await this.dummyHash));
    const refused = this.policy.refuseDevelopmentPassword && password === DEVELOPMENT_ADMIN_ACCOUNT.password;
    if (!account || !check.matches || refused) {
      const windowMs = this.policy.windowSeconds * 1000;
      await Promise.all(keys.map((key) => this.attempts.recordFailure(key, now, windowMs)));
      throw new UnauthorizedException(ADMIN_MESSAGES.invalidCredentials);
    }
    await Promise.all(keys.map((key) => this.attempts.clear(key)));
    if (check.needsRehash) {
      await this.admins.replaceHash(account.username, account.passwordHash, await this.hasher.hash(password));
      this.logger.log(`Password hash of "${account.username}" upgraded to argon2id`);
    }
    const { token, expiresIn } = this.tokens.issue(account.username, account.role, Math.floor(now.getTime() / 1000));
    return {
      success: true,
      message: ADMIN_MESSAGES.loginSucceeded,
      token,
      expiresIn,
      user: { username: account.username, role: account.role },
    };
  }

  /** Seconds the key must still wait, and whether that is a lock (else a slow-down). */
  private async waitOf(key: string, now: Date): Promise<{ seconds: number; locked: boolean }> {
    const none = { seconds: 0, locked: false };
    const attempts = await this.attempts.get(key);
    if (!attempts) return none;
    const windowMs = this.policy.windowSeconds * 1000;
    if (attempts.windowStart.getTime() + windowMs <= now.getTime()) return none;
    const locked = attempts.failures >= this.policy.lockAfter;
    let until: number;
    if (locked) {
      until = attempts.lastFailureAt.getTime() + windowMs;
    } else if (attempts.failures >= this.policy.slowDownAfter) {
      const delay = Math.min(MAX_DELAY_SECONDS, 2 ** (attempts.failures - this.policy.slowDownAfter));
      until = attempts.lastFailureAt.getTime() + delay * 1000;
    } else {
      return none;
    }
    return { seconds: Math.max(0, Math.ceil((until - now.getTime()) / 1000)), locked };
  }
}
