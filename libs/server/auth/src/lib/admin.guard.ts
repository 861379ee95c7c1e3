import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ADMIN_JWT_STRATEGY } from './admin-jwt.strategy';

export const ADMIN_AUTH_REQUIRED = 'Admin authentication required';
export const INVALID_ADMIN_TOKEN = 'Invalid or expired token';

/** Lets a request through only with a valid admin Bearer token; otherwise 401. */
@Injectable()
export class AdminGuard extends AuthGuard(ADMIN_JWT_STRATEGY) {
  override handleRequest<TUser>(error: unknown, user: TUser | false, _info: unknown, context: ExecutionContext): TUser {
    if (!error && user) return user;
    const authorization = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers[
      'authorization'
    ];
    throw new UnauthorizedException(authorization ? INVALID_ADMIN_TOKEN : ADMIN_AUTH_REQUIRED);
  }
}
