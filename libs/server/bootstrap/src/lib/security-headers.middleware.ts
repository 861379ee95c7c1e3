import type { NextFunction, Request, Response } from 'express';
// The one policy of every layer: the edge, the nginx and Helm checks read this same file
// (tools/security, plain JSON so that node scripts need no build); see docs/security-headers.md.
// eslint-disable-next-line @nx/enforce-module-boundaries
import policy from '../../../../../tools/security/security-headers.json';

type Directives = Record<string, string | string[]>;

function formatCsp(directives: Directives): string {
  return Object.entries(directives)
    .filter(([name, sources]) => !name.startsWith('$') && Array.isArray(sources) && sources.length > 0)
    .map(([name, sources]) => [name, ...(sources as string[])].join(' '))
    .join('; ');
}

/** The headers of every answer of a service: no page may load from it or frame it, and nothing is stored by caches. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...policy.everyResponse,
  'Content-Security-Policy': formatCsp(policy.apiCsp),
  'Cache-Control': policy.apiCacheControl.default,
});

/**
 * The policy of the one page a service serves, the API documentation (`/api/docs/`): the page
 * policy without remotes or inline scripts, so its scripts and styles come from this origin only.
 */
export const API_DOCS_UI_CSP = formatCsp(
  Object.fromEntries(
    Object.entries(policy.pageCsp as Directives).map(([name, sources]) => [
      name,
      Array.isArray(sources) ? sources.filter((source) => !source.startsWith('{')) : sources,
    ]),
  ),
) + `; report-uri ${policy.reporting.path}`;

/**
 * Sets API_SECURITY_HEADERS before anything answers, so errors (400, 404, 413, 500) carry them
 * too. `Cache-Control: no-store` is the default: a handler that serves public data may set its
 * own Cache-Control (e.g. `@Header('Cache-Control', 'public, max-age=60')`), which replaces it.
 */
export function securityHeadersMiddleware(_request: Request, response: Response, next: NextFunction): void {
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) response.setHeader(name, value);
  next();
}
