import { Inject, Injectable } from '@nestjs/common';
import { verify } from 'node:crypto';
import { ADMIN_TOKEN_ALGORITHM, ADMIN_TOKEN_ROLES, AUTH_OPTIONS, type AdminTokenClaims, type AuthOptions } from './auth.options';

/** Why a token was refused (logged, never shown: the client only sees 401). */
export class TokenRejectedError extends Error {}

const CLOCK_SKEW_SECONDS = 30;

function decodeSegment(segment: string): Record<string, unknown> {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) throw new TokenRejectedError('segment is not base64url');
  const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TokenRejectedError('segment is not an object');
  return value as Record<string, unknown>;
}

/**
 * Verifies an admin JWT: algorithm pinned to EdDSA (so `none` and HS256 forgeries fail), the key
 * chosen by `kid` among the configured public keys, then iss, aud, exp, iat, sub, role and jti.
 */
@Injectable()
export class AdminTokenVerifier {
  constructor(@Inject(AUTH_OPTIONS) private readonly options: AuthOptions) {}

  verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): AdminTokenClaims {
    const parts = token.split('.');
    if (parts.length !== 3) throw new TokenRejectedError('not a compact JWS');
    const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
    let header: Record<string, unknown>;
    let claims: Record<string, unknown>;
    try {
      header = decodeSegment(headerPart);
      claims = decodeSegment(payloadPart);
    } catch (error) {
      throw error instanceof TokenRejectedError ? error : new TokenRejectedError('malformed JSON');
    }
    if (header['alg'] !== ADMIN_TOKEN_ALGORITHM) throw new TokenRejectedError(`algorithm ${String(header['alg'])} refused`);
    const key = typeof header['kid'] === 'string' ? this.options.publicKeys.get(header['kid']) : undefined;
    if (!key) throw new TokenRejectedError('unknown kid');
    const signature = Buffer.from(signaturePart, 'base64url');
    if (!verify(null, Buffer.from(`${headerPart}.${payloadPart}`), key, signature)) throw new TokenRejectedError('bad signature');

    const { iss, aud, sub, role, jti, iat, exp } = claims;
    if (iss !== this.options.issuer) throw new TokenRejectedError('wrong issuer');
    if (aud !== this.options.audience) throw new TokenRejectedError('wrong audience');
    if (typeof sub !== 'string' || sub === '') throw new TokenRejectedError('no subject');
    if (typeof role !== 'string' || !ADMIN_TOKEN_ROLES.includes(role as AdminTokenClaims['role'])) throw new TokenRejectedError('no role');
    if (typeof jti !== 'string' || jti === '') throw new TokenRejectedError('no jti');
    if (typeof iat !== 'number' || iat > nowSeconds + CLOCK_SKEW_SECONDS) throw new TokenRejectedError('bad iat');
    if (typeof exp !== 'number' || exp <= nowSeconds || exp <= iat) throw new TokenRejectedError('expired');
    return { iss, aud, sub, role: role as AdminTokenClaims['role'], jti, iat, exp };
  }
}
