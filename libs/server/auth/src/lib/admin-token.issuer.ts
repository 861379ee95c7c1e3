import { Inject, Injectable } from '@nestjs/common';
import { randomUUID, sign } from 'node:crypto';
import { ADMIN_TOKEN_ALGORITHM, AUTH_OPTIONS, type AdminRole, type AdminTokenClaims, type AuthOptions } from './auth.options';

export interface IssuedToken {
  token: string;
  expiresIn: number;
  claims: AdminTokenClaims;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs admin tokens (EdDSA, `kid` of the current key). Only admin-service is configured to sign. */
@Injectable()
export class AdminTokenIssuer {
  constructor(@Inject(AUTH_OPTIONS) private readonly options: AuthOptions) {}

  issue(username: string, role: AdminRole, nowSeconds = Math.floor(Date.now() / 1000)): IssuedToken {
    const signing = this.options.signing;
    if (!signing) throw new Error('This service holds no signing key (JWT_PRIVATE_KEY)');
    const claims: AdminTokenClaims = {
      iss: this.options.issuer,
      aud: this.options.audience,
      sub: username,
      role,
      jti: randomUUID(),
      iat: nowSeconds,
      exp: nowSeconds + signing.expiresInSeconds,
    };
    const input = `${encode({ alg: ADMIN_TOKEN_ALGORITHM, typ: 'JWT', kid: signing.key.kid })}.${encode(claims)}`;
    const signature = sign(null, Buffer.from(input), signing.key.privateKey).toString('base64url');
    return { token: `${input}.${signature}`, expiresIn: signing.expiresInSeconds, claims };
  }
}
