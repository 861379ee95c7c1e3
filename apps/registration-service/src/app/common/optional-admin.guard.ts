import { ExecutionContext, Injectable } from '@nestjs/common';
import { AdminGuard, type AuthenticatedAdmin } from '@kbe/server-auth';

/**
 * Lets anonymous requests through (public view) but, when an Authorization header is sent,
 * requires it to be a valid admin token (401 otherwise) and exposes the admin as `request.user`.
 */
@Injectable()
export class OptionalAdminGuard extends AdminGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
    if (!request.headers['authorization']) return true;
    return super.canActivate(context);
  }
}

/** The admin of a request that passed `OptionalAdminGuard`, if any. */
export function adminOf(request: { user?: unknown }): AuthenticatedAdmin | undefined {
  const user = request.user as Partial<AuthenticatedAdmin> | undefined;
  return typeof user?.username === 'string' ? (user as AuthenticatedAdmin) : undefined;
}
