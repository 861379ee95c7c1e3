import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { METHODS } from 'node:http';
import type { ErrorBody } from './error-response';

/** The parts of Express 5's router (the `router` package) this middleware reads. */
interface RouteLayer {
  route?: { path: string; _handlesMethod(method: string): boolean; _methods(): string[] };
  match(path: string): unknown;
}

interface Endpoint {
  layer: RouteLayer & { route: NonNullable<RouteLayer['route']> };
  methods: string[];
}

interface Listing {
  stack: RouteLayer[];
  length: number;
  endpoints: Endpoint[];
  /**
   * The endpoints without parameters, by their path as Express compares it (`pathKey`): such a
   * path takes precedence over a templated path that also matches it (as in OpenAPI).
   */
  concrete: Map<string, Endpoint[]>;
}

/** Express compares paths case-insensitively and ignores one trailing slash (its defaults). */
const pathKey = (path: string) => path.toLowerCase().replace(/(.)\/$/, '$1');

/**
 * A known path asked with a method it does not have answers 405 with `Allow` (RFC 9110), not
 * 404; `OPTIONS` on a known path answers 204 with `Allow`. Unknown paths still fall through to 404.
 * A request the router will serve costs one map lookup and the path matches of the routes that
 * have its method (the endpoints are listed once per router stack, not per request).
 */
export function methodNotAllowedMiddleware(app: INestApplication) {
  let listed: Listing | undefined;
  const listingOf = (stack: RouteLayer[]): Listing => {
    if (listed?.stack !== stack || listed.length !== stack.length) {
      const endpoints: Endpoint[] = [];
      const concrete = new Map<string, Endpoint[]>();
      for (const layer of stack) {
        if (!layer.route) continue;
        const methods = layer.route._methods();
        // Nest mounts route-scoped middleware (forRoutes('*')) as a route for every method: not an endpoint
        if (methods.length === METHODS.length) continue;
        const endpoint = { layer: layer as Endpoint['layer'], methods };
        endpoints.push(endpoint);
        const key = pathKey(layer.route.path);
        if (!/[:*]/.test(layer.route.path)) concrete.set(key, [...(concrete.get(key) ?? []), endpoint]);
      }
      listed = { stack, length: stack.length, endpoints, concrete };
    }
    return listed;
  };
  return (request: Request, response: Response, next: NextFunction): void => {
    const stack = (app.getHttpAdapter().getInstance() as { router?: { stack?: RouteLayer[] } }).router?.stack ?? [];
    const { endpoints, concrete: concreteByPath } = listingOf(stack);
    // A concrete path (e.g. `mentors/export.csv`) is answered by its own methods only, never by a
    // templated one that also matches it (`mentors/:id`).
    const concrete = (concreteByPath.get(pathKey(request.path)) ?? []).filter((endpoint) => endpoint.layer.match(request.path));
    const candidates = concrete.length > 0 ? concrete : endpoints;
    for (const { layer } of candidates) {
      if (layer.route._handlesMethod(request.method) && layer.match(request.path)) return next();
    }
    const allowed = new Set<string>();
    for (const { layer, methods } of candidates) {
      if (!layer.match(request.path)) continue;
      for (const method of methods) allowed.add(method);
    }
    if (allowed.size === 0) return next();
    allowed.add('OPTIONS');
    response.setHeader('Allow', [...allowed].join(', '));
    if (request.method === 'OPTIONS') {
      response.status(204).end();
      return;
    }
    const body: ErrorBody = { statusCode: 405, message: `Method ${request.method} is not allowed on ${request.path}` };
    response.status(405).json(body);
  };
}
