import type { AdminRole, AdminUser } from '@kbe/contracts';

/** Spec section 3: the admin session lives in browser storage under these two keys. */
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_USER_KEY = 'adminUser';

export interface AdminSession {
  token: string | null;
  user: AdminUser | null;
}

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

function readUser(raw: string | null): AdminUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { username?: unknown; role?: unknown };
    if (typeof value.username !== 'string') return null;
    // Spec section 3: the role defaults to admin when absent; anything unknown reads as viewer.
    const role: AdminRole = value.role === undefined || value.role === 'admin' ? 'admin' : 'viewer';
    return { username: value.username, role };
  } catch {
    return null;
  }
}

export function readSession(): AdminSession {
  const store = storage();
  return { token: store?.getItem(ADMIN_TOKEN_KEY) ?? null, user: readUser(store?.getItem(ADMIN_USER_KEY) ?? null) };
}

export function writeSession(token: string, user: AdminUser): void {
  const store = storage();
  store?.setItem(ADMIN_TOKEN_KEY, token);
  store?.setItem(ADMIN_USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  const store = storage();
  store?.removeItem(ADMIN_TOKEN_KEY);
  store?.removeItem(ADMIN_USER_KEY);
}

export interface DecodedToken {
  /** The first 20 characters and an ellipsis: enough to recognise it, not enough to reuse it. */
  truncated: string;
  payload: Record<string, unknown> | null;
  /** Whether `exp` (seconds) lies in the future; false without a readable `exp`. */
  notExpired: boolean;
}

/** Decodes the middle part of a JWT (no signature check: only the server can do that). */
export function decodeToken(token: string, now: number = Date.now()): DecodedToken {
  const truncated = token.length > 20 ? `${token.slice(0, 20)}...` : token;
  const middle = token.split('.')[1];
  let payload: Record<string, unknown> | null = null;
  if (middle) {
    try {
      const base64 = middle.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(middle.length / 4) * 4, '=');
      const parsed = JSON.parse(atob(base64)) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) payload = parsed as Record<string, unknown>;
    } catch {
      payload = null;
    }
  }
  const exp = payload?.['exp'];
  return { truncated, payload, notExpired: typeof exp === 'number' && exp * 1000 > now };
}
