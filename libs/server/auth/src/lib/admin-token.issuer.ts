import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AUTH_OPTIONS, type AdminTokenClaims, type AuthOptions } from './auth.options';

export interface IssuedToken {
  token: string;
  expiresIn: number;
}

/** Signs admin tokens with the same secret, issuer and audience the guard checks. */
@Injectable()
export class AdminTokenIssuer {
  constructor(
    private readonly jwt: JwtService,
    @Inject(AUTH_OPTIONS) private readonly options: AuthOptions,
  ) {}

  async issue(username: string): Promise<IssuedToken> {
    const claims: AdminTokenClaims = { sub: username, role: 'admin' };
    const token = await this.jwt.signAsync(claims, {
      secret: this.options.jwtSecret,
      issuer: this.options.issuer,
      audience: this.options.audience,
      expiresIn: this.options.expiresInSeconds,
      algorithm: 'HS256',
    });
    return { token, expiresIn: this.options.expiresInSeconds };
  }
}
