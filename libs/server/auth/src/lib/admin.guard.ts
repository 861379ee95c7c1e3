import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  Optional,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AdminTokenVerifier, TokenRejectedError } from './admin-token.verifier';
import type { AuthenticatedAdmin } from './auth.options';
import { TOKEN_REVOCATION_LIST, type TokenRevocationList } from './token-revocation';

export const ADMIN_AUTH_REQUIRED = 'Admin authentication required';
export const INVALID_ADMIN_TOKEN = 'Invalid or expired token';
export const VIEWER_CANNOT_WRITE = 'Your role may view but not change anything';

/** Metadata: the 401 message when no token is sent (spec section 6 differs per endpoint). */
export const MISSING_TOKEN_MESSAGE = 'kbe:missing-token-message';
/** Metadata: a write a viewer may still make (their own logout). */
export const VIEWER_MAY_CALL = 'kbe:viewer-may-call';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface GuardedRequest {
  method: string;
  headers: Record<string, unknown>;
  user?: AuthenticatedAdmin;
}

/**
 * Lets a request through only with a valid, unrevoked admin Bearer token (401 otherwise, with no
 * detail on why), and refuses writes (anything but GET/HEAD) to viewers with 403.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  private readonly logger = new Logger(AdminGuard.name);

  constructor(
    private readonly verifier: AdminTokenVerifier,
    private readonly reflector: Reflector,
    @Optional() @Inject(TOKEN_REVOCATION_LIST) private readonly revocations?: TokenRevocationList,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const authorization = request.headers['authorization'];
    const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
    if (!match?.[1]) {
      if (authorization) throw new UnauthorizedException(INVALID_ADMIN_TOKEN);
      const message = this.reflector.getAllAndOverride<string | undefined>(MISSING_TOKEN_MESSAGE, targets);
      throw new UnauthorizedException(message ?? ADMIN_AUTH_REQUIRED);
    }
    let admin: AuthenticatedAdmin;
    try {
      const claims = this.verifier.verify(match[1]);
      admin = { username: claims.sub, role: claims.role, tokenId: claims.jti, expiresAt: claims.exp };
    } catch (error) {
      this.logger.debug(`Admin token refused: ${error instanceof TokenRejectedError ? error.message : 'malformed'}`);
      throw new UnauthorizedException(INVALID_ADMIN_TOKEN);
    }
    if (this.revocations && (await this.revocations.isRevoked(admin.tokenId))) {
      throw new UnauthorizedException(INVALID_ADMIN_TOKEN);
    }
    if (admin.role !== 'admin' && !READ_METHODS.has(request.method.toUpperCase())) {
      if (!this.reflector.getAllAndOverride<boolean | undefined>(VIEWER_MAY_CALL, targets)) {
        throw new ForbiddenException(VIEWER_CANNOT_WRITE);
      }
    }
    request.user = admin;
    return true;
  }
}
