import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  Inject,
  Injectable,
  UnauthorizedException,
  UseGuards,
  type CanActivate,
} from '@nestjs/common';
import { ApiBearerAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { PORTAL_MESSAGES } from '@kbe/contracts';
import { CLOCK, type Clock } from '../common/clock';
import { PORTAL_TOKEN_PATTERN, portalTokenHash, type PortalPrincipal } from './portal-session';
import { PORTAL_SESSION_STORE, type PortalSessionStore } from './portal-session.store';

interface PortalRequest {
  headers: Record<string, unknown>;
  portal?: PortalPrincipal;
}

/**
 * Lets a request through only with the bearer token of a live portal session, looked up by its
 * hash (`_id`): no token, or one that is not a portal token (an admin JWT among them), is
 * `signInRequired`; a portal token whose session ended (expired, logged out) is `sessionExpired`.
 * Both 401. The session names the scope every use case then keeps to.
 */
@Injectable()
export class PortalSessionGuard implements CanActivate {
  constructor(
    @Inject(PORTAL_SESSION_STORE) private readonly sessions: PortalSessionStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PortalRequest>();
    const authorization = request.headers['authorization'];
    const token = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
    if (!token || !PORTAL_TOKEN_PATTERN.test(token)) throw new UnauthorizedException(PORTAL_MESSAGES.signInRequired);
    const tokenHash = portalTokenHash(token);
    const session = await this.sessions.find(tokenHash);
    if (!session || session.expiresAt.getTime() <= this.clock.now().getTime()) throw new UnauthorizedException(PORTAL_MESSAGES.sessionExpired);
    request.portal = { role: session.role, code: session.code, schoolCode: session.schoolCode, expiresAt: session.expiresAt, tokenHash };
    return true;
  }
}

/** The route needs a portal session's bearer token (401 otherwise). */
export const PortalSignedIn = () =>
  applyDecorators(
    UseGuards(PortalSessionGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: `No portal session token (${PORTAL_MESSAGES.signInRequired}), or its session has ended (${PORTAL_MESSAGES.sessionExpired}).` }),
  );

/** The school or mentor of a request that passed PortalSessionGuard. */
export const CurrentPortalUser = createParamDecorator((_data: unknown, context: ExecutionContext): PortalPrincipal => {
  const principal = context.switchToHttp().getRequest<PortalRequest>().portal;
  if (!principal) throw new UnauthorizedException(PORTAL_MESSAGES.signInRequired);
  return principal;
});
