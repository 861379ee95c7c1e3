import { Injectable } from '@nestjs/common';
import { errorMessage } from '@kbe/server-bootstrap';

export type ServiceHealth =
  | { status: 'ok' | 'error'; httpStatus: number; checks: Record<string, unknown> }
  | { status: 'unreachable'; message: string };

/** Asks one service for its own health report. */
export interface ServiceHealthProbe {
  probe(service: string, baseUrl: string, timeoutMs: number): Promise<ServiceHealth>;
}

export const SERVICE_HEALTH_PROBE = Symbol('SERVICE_HEALTH_PROBE');

/** `GET <baseUrl>/api/health/<service>` over HTTP. */
@Injectable()
export class HttpServiceHealthProbe implements ServiceHealthProbe {
  async probe(service: string, baseUrl: string, timeoutMs: number): Promise<ServiceHealth> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/api/health/${service}`, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return { status: 'unreachable', message: timedOut ? `no answer within ${timeoutMs} ms` : describe(error) };
    }
    const body = (await response.json().catch(() => null)) as { status?: unknown; checks?: unknown } | null;
    if (!body || typeof body.checks !== 'object' || body.checks === null) {
      return { status: 'unreachable', message: `unexpected answer (HTTP ${response.status})` };
    }
    const status = response.ok && body.status === 'ok' ? 'ok' : 'error';
    return { status, httpStatus: response.status, checks: body.checks as Record<string, unknown> };
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? errorMessage(error);
}
