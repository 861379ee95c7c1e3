import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { GUARDIAN_SESSION_MINUTES, type GuardianSession } from '@kbe/contracts';

/**
 * A guardian's session after a data-request code: a bearer token naming the candidate and its
 * expiry, signed with a key of this service (HMAC-SHA256). Nothing is stored; it simply stops
 * working after GUARDIAN_SESSION_MINUTES and names one candidate only.
 */
export class GuardianSessions {
  private readonly key: Buffer;

  constructor(secret: Buffer) {
    this.key = createHmac('sha256', secret).update('kbe-guardian-session').digest();
  }

  issue(candidateCode: string, now: Date): GuardianSession {
    const expiresAt = new Date(now.getTime() + GUARDIAN_SESSION_MINUTES * 60_000);
    const body = Buffer.from(JSON.stringify({ c: candidateCode, e: expiresAt.getTime(), n: randomBytes(9).toString('base64url') })).toString('base64url');
    return { token: `${body}.${this.sign(body)}`, expiresAt: expiresAt.toISOString() };
  }

  /** `valid` only for this candidate before the expiry, with an untampered signature. */
  check(token: string | undefined, candidateCode: string, now: Date): 'valid' | 'missing' | 'expired' {
    if (!token) return 'missing';
    const [body, signature] = token.split('.');
    if (!body || !signature) return 'missing';
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'missing';
    let claims: { c?: unknown; e?: unknown };
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return 'missing';
    }
    if (claims.c !== candidateCode || typeof claims.e !== 'number') return 'missing';
    return claims.e > now.getTime() ? 'valid' : 'expired';
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}
