import { applyDecorators, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard, type ThrottlerModuleOptions } from '@nestjs/throttler';
import { clientAddress, type ForwardedRequest } from '@kbe/server-bootstrap';
import type { RegistrationConfig } from '../registration.config';

/** The rate-limited groups of endpoints; each route counts its own requests per client. */
export type RateLimitBucket = 'register' | 'search' | 'contact';

const RATE_LIMIT_BUCKET = 'kbe:rate-limit-bucket';
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/** Per-client limit of this route (429 with `Retry-After` beyond it). */
export const RateLimited = (bucket: RateLimitBucket) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT_BUCKET, bucket),
    UseGuards(ThrottlerGuard),
    ApiTooManyRequestsResponse({ description: `${TOO_MANY_REQUESTS} The Retry-After header gives the seconds to wait.` }),
  );

export { clientAddress };

/** One throttler (so the header is plain `Retry-After`); the limit depends on the route's bucket. */
export function throttlerOptions(config: RegistrationConfig): ThrottlerModuleOptions {
  const reflector = new Reflector();
  const limits: Record<RateLimitBucket, number> = {
    register: config.RATE_LIMIT_REGISTER,
    search: config.RATE_LIMIT_SEARCH,
    contact: config.RATE_LIMIT_CONTACT,
  };
  return {
    throttlers: [
      {
        name: 'default',
        ttl: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
        limit: (context: ExecutionContext) => {
          const bucket = reflector.get<RateLimitBucket | undefined>(RATE_LIMIT_BUCKET, context.getHandler());
          return bucket ? limits[bucket] : Number.MAX_SAFE_INTEGER;
        },
      },
    ],
    errorMessage: TOO_MANY_REQUESTS,
    getTracker: (request) => clientAddress(request as ForwardedRequest, config.TRUSTED_PROXY_HOPS),
  };
}
