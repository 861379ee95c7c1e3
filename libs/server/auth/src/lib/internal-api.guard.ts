import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AUTH_OPTIONS, type AuthOptions } from './auth.options';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** Service-to-service routes (`/internal/...`, outside the edge's `/api`): the `x-internal-token` header must equal INTERNAL_API_TOKEN. */
@Injectable()
export class InternalApiGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(AUTH_OPTIONS) options: AuthOptions) {
    this.expected = digest(options.internalApiToken);
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers[
      INTERNAL_TOKEN_HEADER
    ];
    // Compare digests: equal length, constant time, whatever was sent.
    if (typeof header === 'string' && timingSafeEqual(digest(header), this.expected)) return true;
    throw new UnauthorizedException('Internal API token required');
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
