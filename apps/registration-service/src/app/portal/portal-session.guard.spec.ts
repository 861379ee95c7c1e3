import { UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { PORTAL_MESSAGES } from '@kbe/contracts';
import { PortalSessionGuard } from './portal-session.guard';
import { newPortalToken, portalTokenHash, type PortalPrincipal } from './portal-session';
import { MemoryPortalSessionStore } from './testing/portal.fakes';

const now = new Date('2026-11-28T10:00:00Z');

function contextWith(authorization?: string): { context: ExecutionContext; request: { headers: Record<string, unknown>; portal?: PortalPrincipal } } {
  const request = { headers: authorization === undefined ? {} : { authorization } };
  const context = { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
  return { context, request };
}

async function refusal(guard: PortalSessionGuard, authorization?: string): Promise<string> {
  try {
    await guard.canActivate(contextWith(authorization).context);
  } catch (error) {
    if (error instanceof UnauthorizedException) return (error.getResponse() as { message: string }).message;
    throw error;
  }
  throw new Error('expected a 401');
}

describe('PortalSessionGuard', () => {
  const store = new MemoryPortalSessionStore();
  const guard = new PortalSessionGuard(store, { now: () => now });
  const live = newPortalToken();
  const ended = newPortalToken();

  beforeAll(async () => {
    await store.create({ tokenHash: portalTokenHash(live), role: 'mentor', code: 'MEN-4HT9PA', schoolCode: 'SCH-7KQ2XM', createdAt: now, expiresAt: new Date(now.getTime() + 60_000) });
    await store.create({ tokenHash: portalTokenHash(ended), role: 'school', code: 'SCH-7KQ2XM', schoolCode: 'SCH-7KQ2XM', createdAt: now, expiresAt: now });
  });

  it('lets a live session through, naming who it is and its scope', async () => {
    const { context, request } = contextWith(`Bearer ${live}`);
    expect(await guard.canActivate(context)).toBe(true);
    expect(request.portal).toEqual({ role: 'mentor', code: 'MEN-4HT9PA', schoolCode: 'SCH-7KQ2XM', expiresAt: new Date(now.getTime() + 60_000), tokenHash: portalTokenHash(live) });
  });

  it('asks to sign in without a token, with another scheme, or with what is no portal token (an admin JWT among them)', async () => {
    expect(await refusal(guard)).toBe(PORTAL_MESSAGES.signInRequired);
    expect(await refusal(guard, '')).toBe(PORTAL_MESSAGES.signInRequired);
    expect(await refusal(guard, `Basic ${live}`)).toBe(PORTAL_MESSAGES.signInRequired);
    expect(await refusal(guard, 'Bearer garbage')).toBe(PORTAL_MESSAGES.signInRequired);
    expect(await refusal(guard, 'Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJl')).toBe(PORTAL_MESSAGES.signInRequired);
  });

  it('says the session ended for a portal token whose session is past its end, logged out, or never was', async () => {
    expect(await refusal(guard, `Bearer ${ended}`)).toBe(PORTAL_MESSAGES.sessionExpired);
    expect(await refusal(guard, `Bearer ${newPortalToken()}`)).toBe(PORTAL_MESSAGES.sessionExpired);
    await store.remove(portalTokenHash(live));
    expect(await refusal(guard, `Bearer ${live}`)).toBe(PORTAL_MESSAGES.sessionExpired);
  });
});
