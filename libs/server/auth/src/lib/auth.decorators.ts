import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiHeader, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AdminGuard, MISSING_TOKEN_MESSAGE, VIEWER_MAY_CALL } from './admin.guard';
import type { AuthenticatedAdmin } from './auth.options';
import { INTERNAL_TOKEN_HEADER, InternalApiGuard } from './internal-api.guard';

/**
 * The route needs an admin Bearer token (401 otherwise; `missingTokenMessage` is the 401 message
 * when no token is sent). Writes need the `admin` role (a viewer gets 403).
 */
export const AdminOnly = (options: { missingTokenMessage?: string } = {}) =>
  applyDecorators(
    ...(options.missingTokenMessage ? [SetMetadata(MISSING_TOKEN_MESSAGE, options.missingTokenMessage)] : []),
    UseGuards(AdminGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, invalid, expired or revoked admin token.' }),
    ApiForbiddenResponse({ description: 'A viewer tried to change something.' }),
  );

/** A write that a viewer may make too (logout). */
export const ViewerMayCall = () => SetMetadata(VIEWER_MAY_CALL, true);

/** The route is for other services only: `x-internal-token` must match INTERNAL_API_TOKEN. */
export const InternalOnly = () =>
  applyDecorators(
    UseGuards(InternalApiGuard),
    ApiHeader({ name: INTERNAL_TOKEN_HEADER, required: true }),
    ApiUnauthorizedResponse({ description: 'Missing or wrong internal token.' }),
  );

/** The admin authenticated by `@AdminOnly()`. */
export const CurrentAdmin = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedAdmin =>
    context.switchToHttp().getRequest<{ user: AuthenticatedAdmin }>().user,
);
