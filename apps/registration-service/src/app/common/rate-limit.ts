import { applyDecorators, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerModuleOptions } from '@nestjs/throttler';
import { clientAddress, type ForwardedRequest } from '@kbe/server-bootstrap';
import type { RegistrationConfig } from '../registration.config';

/** The rate-limited groups of endpoints; each route counts its own requests per client. */
export type RateLimitBucket = 'register' | 'search' | 'contact' | 'consent' | 'portal' | 'portal-import';

const RATE_LIMIT_BUCKET = 'kbe:rate-limit-bucket';
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/**
 * The route parameter naming what a bucket's requests are about, limited on its own whatever the
 * address: a search's candidate code. Registration has no such target before its body is parsed.
 */
const TARGET_PARAMS: Partial<Record<RateLimitBucket, string>> = { search: 'registrationNumber', consent: 'candidateCode' };

/**
 * The throttler's guard, with a plain `Retry-After` whichever limit refused (the library names
 * the header after a second throttler: `Retry-After-target`).
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    this.setResponseHeader(this.getRequestResponse(context).res, 'Retry-After', detail.timeToBlockExpire);
    await super.throwThrottlingException(context, detail);
  }
}

/** Per-client limit of this route, and per target where the bucket has one (429 with `Retry-After` beyond). */
export const RateLimited = (bucket: RateLimitBucket) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT_BUCKET, bucket),
    UseGuards(RateLimitGuard),
    ApiTooManyRequestsResponse({ description: `${TOO_MANY_REQUESTS} The Retry-After header gives the seconds to wait.` }),
  );

/**
 * A request's target in its bucket (the candidate code searched, as the search reads it; a portal
 * upload's session, as the session guard before it found it), or null.
 */
export function rateLimitTarget(bucket: RateLimitBucket | undefined, request: { params?: Record<string, unknown>; portal?: { tokenHash?: unknown } }): string | null {
  if (bucket === 'portal-import') return typeof request.portal?.tokenHash === 'string' ? request.portal.tokenHash : null;
  const param = bucket && TARGET_PARAMS[bucket];
  if (!param) return null;
  return String(request.params?.[param] ?? '').trim().toUpperCase();
}

/**
 * Two throttlers over the same window. `default`: per client address and route, sized for shared
 * addresses (a school lab, a mobile carrier's CGNAT: docs/security.md). `target`: per candidate
 * code searched, from any address, so one code cannot be hammered however many addresses ask; per
 * portal session for bulk uploads, over their own (longer) window.
 */
export function throttlerOptions(config: RegistrationConfig): ThrottlerModuleOptions {
  const reflector = new Reflector();
  const bucketOf = (context: ExecutionContext) => reflector.get<RateLimitBucket | undefined>(RATE_LIMIT_BUCKET, context.getHandler());
  const perAddress: Record<RateLimitBucket, number> = {
    register: config.RATE_LIMIT_REGISTER,
    search: config.RATE_LIMIT_SEARCH,
    contact: config.RATE_LIMIT_CONTACT,
    consent: config.RATE_LIMIT_CONSENT,
    // the school portal's sign-in (a code by SMS, then the code): as many as a guardian's consent
    portal: config.RATE_LIMIT_CONSENT,
    // bulk uploads are limited per session (below), whatever the address: a school lab shares one
    'portal-import': Number.MAX_SAFE_INTEGER,
  };
  const perTarget: Partial<Record<RateLimitBucket, number>> = {
    search: config.RATE_LIMIT_SEARCH_PER_CODE,
    consent: config.RATE_LIMIT_CONSENT_PER_CODE,
    'portal-import': config.RATE_LIMIT_PORTAL_IMPORTS,
  };
  const ttl = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const importTtl = config.RATE_LIMIT_PORTAL_IMPORTS_WINDOW_SECONDS * 1000;
  return {
    throttlers: [
      {
        name: 'default',
        ttl,
        limit: (context: ExecutionContext) => {
          const bucket = bucketOf(context);
          return bucket ? perAddress[bucket] : Number.MAX_SAFE_INTEGER;
        },
      },
      {
        name: 'target',
        ttl: (context: ExecutionContext) => (bucketOf(context) === 'portal-import' ? importTtl : ttl),
        setHeaders: false,
        // a route of the bucket without the target parameter (the consent notice) counts per address only
        skipIf: (context: ExecutionContext) => {
          const bucket = bucketOf(context);
          return !bucket || perTarget[bucket] === undefined || !rateLimitTarget(bucket, context.switchToHttp().getRequest());
        },
        limit: (context: ExecutionContext) => {
          const bucket = bucketOf(context);
          return (bucket && perTarget[bucket]) ?? Number.MAX_SAFE_INTEGER;
        },
        getTracker: (request, context) => rateLimitTarget(bucketOf(context), request) ?? '',
      },
    ],
    errorMessage: TOO_MANY_REQUESTS,
    getTracker: (request) => clientAddress(request as ForwardedRequest, config.TRUSTED_PROXY_HOPS),
  };
}
