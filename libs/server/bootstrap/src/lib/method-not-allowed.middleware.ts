import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { METHODS } from 'node:http';
import type { ErrorBody } from './error-response';

/** The parts of Express 5's router (the `router` package) this middleware reads. */
interface RouteLayer {
  route?: { _handlesMethod(method: string): boolean; _methods(): string[] };
  match(path: string): unknown;
}

/**
 * A known path asked with a method it does not have answers 405 with `Allow` (RFC 9110), not
 * 404; `OPTIONS` on a known path answers 204 with `Allow`. Unknown paths still fall through to 404.
 */
export function methodNotAllowedMiddleware(app: INestApplication) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const stack = (app.getHttpAdapter().getInstance() as { router?: { stack?: RouteLayer[] } }).router?.stack ?? [];
    const allowed = new Set<string>();
    for (const layer of stack) {
      if (!layer.route || !layer.match(request.path)) continue;
      const methods = layer.route._methods();
      // Nest mounts route-scoped middleware (forRoutes('*')) as a route for every method: not an endpoint
      if (methods.length >= METHODS.length) continue;
      if (layer.route._handlesMethod(request.method)) return next();
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
