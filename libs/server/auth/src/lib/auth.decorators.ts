import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AdminGuard } from './admin.guard';
import type { AuthenticatedAdmin } from './auth.options';
import { INTERNAL_TOKEN_HEADER, InternalApiGuard } from './internal-api.guard';

/** The route needs an admin Bearer token (401 otherwise). */
export const AdminOnly = () =>
  applyDecorators(
    UseGuards(AdminGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, invalid or expired admin token.' }),
  );

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
