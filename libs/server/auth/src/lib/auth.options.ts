import type { KeyObject } from 'node:crypto';

/** The roles of admin tokens: `admin` may do everything, `viewer` only reads. */
export type AdminRole = 'admin' | 'viewer';
export const ADMIN_TOKEN_ROLES: readonly AdminRole[] = ['admin', 'viewer'];

/** The one signing algorithm accepted (pinned: `alg` of every token must be exactly this). */
export const ADMIN_TOKEN_ALGORITHM = 'EdDSA';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

export interface AuthOptions {
  issuer: string;
  audience: string;
  /** Public keys by key id (`kid`): the current key and the ones still valid while a new one rolls out. */
  publicKeys: ReadonlyMap<string, KeyObject>;
  internalApiToken: string;
  /** Only admin-service signs tokens. */
  signing?: { key: SigningKey; expiresInSeconds: number };
}

export const AUTH_OPTIONS = Symbol('AUTH_OPTIONS');

/** What an admin token carries. `sub` is the username, `jti` the token's id (logout revokes it). */
export interface AdminTokenClaims {
  iss: string;
  aud: string;
  sub: string;
  role: AdminRole;
  jti: string;
  iat: number;
  exp: number;
}

/** The authenticated admin, as handlers see it (`@CurrentAdmin()`). */
export interface AuthenticatedAdmin {
  username: string;
  role: AdminRole;
  /** Token id and expiry (seconds since epoch), for logout. */
  tokenId: string;
  expiresAt: number;
}
