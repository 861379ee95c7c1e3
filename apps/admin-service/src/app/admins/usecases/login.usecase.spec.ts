import type { AdminTokenIssuer } from '@kbe/server-auth';
import type { AdminAccount, AdminRepository } from '../admin.repository';
import type { PasswordHasher } from '../password-hasher';
import { LoginUseCase } from './login.usecase';

const hasher: PasswordHasher = {
  hash: async (password) => `hashed:${password}`,
  verify: async (password, hash) => hash === `hashed:${password}`,
};

function useCase(accounts: AdminAccount[]) {
  const repository: AdminRepository = {
    findByUsername: async (username) => accounts.find((account) => account.username === username) ?? null,
    upsert: async () => undefined,
  };
  const issuer = { issue: async (username: string) => ({ token: `token-for-${username}`, expiresIn: 3600 }) };
  return new LoginUseCase(repository, hasher, issuer as unknown as AdminTokenIssuer);
}

describe('LoginUseCase', () => {
  const admin: AdminAccount = { username: 'admin', passwordHash: 'hashed:correct horse', role: 'admin' };

  it('returns a token and the user for the right password', async () => {
    await expect(useCase([admin]).execute('admin', 'correct horse')).resolves.toEqual({
      token: 'token-for-admin',
      expiresIn: 3600,
      user: { username: 'admin', role: 'admin' },
    });
  });

  it('refuses a wrong password and an unknown user with the same 401 message', async () => {
    for (const [username, password] of [
      ['admin', 'wrong'],
      ['nobody', 'correct horse'],
    ] as const) {
      await expect(useCase([admin]).execute(username, password)).rejects.toMatchObject({
        status: 401,
        message: 'Invalid username or password',
      });
    }
  });
});
