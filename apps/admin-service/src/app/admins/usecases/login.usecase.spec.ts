import type { AdminTokenIssuer } from '@kbe/server-auth';
import { ADMIN_LOGIN_LOCKOUTS, Metrics } from '@kbe/server-metrics';
import { metricValue } from '@kbe/server-testing';
import type { AdminAccount, AdminRepository } from '../admin.repository';
import type { LoginAttempts, LoginAttemptStore } from '../login-attempts.store';
import type { PasswordHasher } from '../password-hasher';
import { LoginThrottledException, LoginUseCase } from './login.usecase';

/** 'new:<password>' is a current hash; 'old:<password>' an outdated one (re-hashed on login). */
const hasher: PasswordHasher = {
  hash: async (password) => `new:${password}`,
  verify: async (password, hash) => ({
    matches: hash === `new:${password}` || hash === `old:${password}`,
    needsRehash: hash === `old:${password}`,
  }),
};

class FakeAttempts implements LoginAttemptStore {
  readonly counters = new Map<string, LoginAttempts>();
  async get(key: string) {
    return this.counters.get(key) ?? null;
  }
  async recordFailure(key: string, at: Date, windowMs: number) {
    const current = this.counters.get(key);
    if (!current || current.windowStart.getTime() + windowMs < at.getTime()) {
      this.counters.set(key, { failures: 1, windowStart: at, lastFailureAt: at });
    } else {
      this.counters.set(key, { ...current, failures: current.failures + 1, lastFailureAt: at });
    }
  }
  async clear(key: string) {
    this.counters.delete(key);
  }
}

function setup(accounts: AdminAccount[], refuseDevelopmentPassword = false) {
  const clock = { current: new Date('2025-10-01T10:00:00Z'), now: () => clock.current };
  const repository: AdminRepository = {
    findByUsername: async (username) => accounts.find((account) => account.username === username) ?? null,
    upsert: async () => undefined,
    replaceHash: async (username, previous, next) => {
      const account = accounts.find((a) => a.username === username && a.passwordHash === previous);
      if (account) account.passwordHash = next;
    },
  };
  const issuer = { issue: (username: string, role: string) => ({ token: `token-for-${username}-${role}`, expiresIn: 3600 }) };
  const attempts = new FakeAttempts();
  const metrics = new Metrics({ service: 'admin-service' });
  const useCase = new LoginUseCase(
    repository,
    hasher,
    issuer as unknown as AdminTokenIssuer,
    attempts,
    { refuseDevelopmentPassword, slowDownAfter: 3, lockAfter: 5, windowSeconds: 900 },
    clock,
    metrics,
  );
  const advance = (seconds: number) => (clock.current = new Date(clock.current.getTime() + seconds * 1000));
  return { useCase, attempts, advance, metrics };
}

const retryAfterOf = async (attempt: Promise<unknown>) => {
  try {
    await attempt;
  } catch (error) {
    if (error instanceof LoginThrottledException) return error.retryAfterSeconds;
    return (error as { status?: number }).status;
  }
  return 'ok';
};

describe('LoginUseCase', () => {
  const admin = (): AdminAccount => ({ username: 'admin', passwordHash: 'new:correct horse', role: 'admin' });

  it('returns a token and the user for the right password', async () => {
    await expect(setup([admin()]).useCase.execute('admin', 'correct horse', '1.1.1.1')).resolves.toEqual({
      success: true,
      message: 'Login Successful',
      token: 'token-for-admin-admin',
      expiresIn: 3600,
      user: { username: 'admin', role: 'admin' },
    });
  });

  it('refuses a wrong password and an unknown user with the same 401 message', async () => {
    for (const [username, password] of [
      ['admin', 'wrong'],
      ['nobody', 'correct horse'],
    ] as const) {
      await expect(setup([admin()]).useCase.execute(username, password, '1.1.1.1')).rejects.toMatchObject({
        status: 401,
        message: 'Invalid username or password',
      });
    }
  });

  it("refuses the development test-login's account in production, even where an account has that password", async () => {
    const development = (): AdminAccount => ({ username: 'admin', passwordHash: 'new:kbe-dev-admin', role: 'admin' });
    await expect(setup([development()]).useCase.execute('admin', 'kbe-dev-admin', '1.1.1.1')).resolves.toMatchObject({ success: true });
    const production = setup([development()], true);
    await expect(production.useCase.execute('admin', 'kbe-dev-admin', '1.1.1.1')).rejects.toMatchObject({
      status: 401,
      message: 'Invalid username or password',
    });
    expect(production.attempts.counters.get('user:admin')?.failures).toBe(1);
  });

  it('re-hashes an outdated hash after a successful login', async () => {
    const account = { ...admin(), passwordHash: 'old:correct horse' };
    await setup([account]).useCase.execute('admin', 'correct horse', '1.1.1.1');
    expect(account.passwordHash).toBe('new:correct horse');
  });

  it('slows down from the 3rd failure (1 s, 2 s ...) and locks at the 5th for the window', async () => {
    const { useCase, advance, metrics } = setup([admin()]);
    const fail = () => retryAfterOf(useCase.execute('admin', 'wrong', '1.1.1.1'));
    expect([await fail(), await fail(), await fail()]).toEqual([401, 401, 401]);
    expect(await fail()).toBe(1);
    advance(1);
    expect(await fail()).toBe(401);
    expect(await fail()).toBe(2);
    advance(2);
    expect(await fail()).toBe(401);
    expect(await fail()).toBe(900);
    expect(await retryAfterOf(useCase.execute('admin', 'correct horse', '2.2.2.2'))).toBe(900);
    advance(900);
    expect(await retryAfterOf(useCase.execute('admin', 'correct horse', '2.2.2.2'))).toBe('ok');
    // Each 429 is a lock-out in the metrics: two within the growing wait, two while locked.
    expect(await metricValue(metrics, ADMIN_LOGIN_LOCKOUTS, { reason: 'slowed' })).toBe(2);
    expect(await metricValue(metrics, ADMIN_LOGIN_LOCKOUTS, { reason: 'locked' })).toBe(2);
  });

  it('counts failures per client address across accounts', async () => {
    const { useCase, advance } = setup([admin()]);
    for (let i = 0; i < 5; i += 1) {
      await retryAfterOf(useCase.execute(`user-${i}`, 'x', '9.9.9.9'));
      advance(60);
    }
    expect(await retryAfterOf(useCase.execute('admin', 'correct horse', '9.9.9.9'))).toBeGreaterThan(0);
    expect(await retryAfterOf(useCase.execute('admin', 'correct horse', '8.8.8.8'))).toBe('ok');
  });

  it('clears the counters after a successful login', async () => {
    const { useCase, attempts } = setup([admin()]);
    await retryAfterOf(useCase.execute('admin', 'wrong', '1.1.1.1'));
    await useCase.execute('admin', 'correct horse', '1.1.1.1');
    expect(attempts.counters.size).toBe(0);
  });
});
