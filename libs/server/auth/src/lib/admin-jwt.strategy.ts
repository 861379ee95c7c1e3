import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AUTH_OPTIONS, type AdminTokenClaims, type AuthOptions, type AuthenticatedAdmin } from './auth.options';

export const ADMIN_JWT_STRATEGY = 'admin-jwt';

/** Bearer JWT, HS256 with JWT_SECRET, checked for issuer, audience and expiry. */
@Injectable()
export class AdminJwtStrategy extends PassportStrategy(Strategy, ADMIN_JWT_STRATEGY) {
  constructor(@Inject(AUTH_OPTIONS) options: AuthOptions) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: options.jwtSecret,
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(claims: Partial<AdminTokenClaims>): AuthenticatedAdmin | false {
    if (typeof claims.sub !== 'string' || claims.role !== 'admin') return false;
    return { username: claims.sub, role: claims.role };
  }
}
