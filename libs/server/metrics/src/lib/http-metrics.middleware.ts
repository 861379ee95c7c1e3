import { METHODS, type IncomingMessage, type ServerResponse } from 'node:http';
import { HTTP_REQUEST_DURATION, HTTP_REQUESTS } from './metric-catalogue';
import type { Metrics } from './metrics';

/** The `route` label of a request no endpoint answered (unknown path, 405, refused before routing). */
export const UNMATCHED_ROUTE = 'unmatched';
/** The `status` label of a request whose client went away before the answer was sent. */
export const CLIENT_CLOSED_STATUS = '499';

/** What Express's router leaves on a request it routed: the route and the mount path before it. */
interface RoutedRequest extends IncomingMessage {
  baseUrl?: string;
  route?: { path?: unknown; methods?: Record<string, boolean | undefined> };
}

/**
 * The route template of the endpoint that answered (`/api/candidates/search/:registrationNumber`),
 * never the URL asked: codes and names in paths stay out of the labels, and the series stay few.
 * A route for every method is Nest's route-scoped middleware (the request logger), not an
 * endpoint: a request it saw and no endpoint answered is `unmatched`.
 */
export function routeTemplate(request: RoutedRequest): string {
  const route = request.route;
  if (!route || typeof route.path !== 'string' || forEveryMethod(route.methods ?? {})) return UNMATCHED_ROUTE;
  return `${request.baseUrl ?? ''}${route.path}`;
}

/** Express 5's `app.all` lists every method on the route (`route.all` marks `_all`). */
function forEveryMethod(methods: Record<string, boolean | undefined>): boolean {
  return methods['_all'] === true || METHODS.every((method) => methods[method.toLowerCase()]);
}

/**
 * Counts and times every answer by method, route template and status. Mounted before everything
 * else (createServiceApp), so answers given before routing (a malformed or too large body, 405)
 * are counted too, as `unmatched`.
 */
export function httpMetricsMiddleware(metrics: Metrics) {
  const requests = metrics.counter(HTTP_REQUESTS);
  const duration = metrics.histogram(HTTP_REQUEST_DURATION);
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const started = process.hrtime.bigint();
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const labels = {
        method: request.method ?? 'UNKNOWN',
        route: routeTemplate(request),
        status: response.writableFinished ? String(response.statusCode) : CLIENT_CLOSED_STATUS,
      };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    };
    response.once('finish', record);
    response.once('close', record);
    next();
  };
}
