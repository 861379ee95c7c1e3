import { createHash, randomBytes } from 'node:crypto';
import type { PortalRole } from '@kbe/contracts';

/** A portal bearer token: 32 random bytes, base64url (43 characters). */
export const PORTAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newPortalToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How a token is stored and looked up: its SHA-256 (hex). A stolen collection opens no session. */
export function portalTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Who a request is from, as PortalSessionGuard found the session. */
export interface PortalPrincipal {
  role: PortalRole;
  /** The school or mentor code signed in with. */
  code: string;
  schoolCode: string;
  expiresAt: Date;
  tokenHash: string;
}

/** The candidates a signed-in school or mentor may see: a school all of its own, a mentor their own. */
export function portalScopeOf(principal: Pick<PortalPrincipal, 'role' | 'code' | 'schoolCode'>): { schoolCode: string; mentorCode?: string } {
  return principal.role === 'school' ? { schoolCode: principal.schoolCode } : { schoolCode: principal.schoolCode, mentorCode: principal.code };
}
