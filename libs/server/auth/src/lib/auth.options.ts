export interface AuthOptions {
  jwtSecret: string;
  issuer: string;
  audience: string;
  expiresInSeconds: number;
  internalApiToken: string;
}

export const AUTH_OPTIONS = Symbol('AUTH_OPTIONS');

/** The only role so far. */
export type AdminRole = 'admin';

/** What an admin token carries (`sub` is the username). */
export interface AdminTokenClaims {
  sub: string;
  role: AdminRole;
}

/** The authenticated admin, as handlers see it (`@CurrentAdmin()`). */
export interface AuthenticatedAdmin {
  username: string;
  role: AdminRole;
}
