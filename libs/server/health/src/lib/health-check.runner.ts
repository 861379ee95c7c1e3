import { Inject, Injectable } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import type { DependencyHealthIndicator } from './dependency-health-indicator';
import type { DependencyStatus, HealthReport } from './health-report';

export const HEALTH_OPTIONS = Symbol('HEALTH_OPTIONS');
export const HEALTH_INDICATORS = Symbol('HEALTH_INDICATORS');

export interface HealthOptions {
  service: string;
  /** Time one dependency may take before it counts as down. */
  timeoutMs: number;
}

/** Runs every dependency check of the service through terminus and shapes the report. */
@Injectable()
export class HealthCheckRunner {
  constructor(
    private readonly terminus: HealthCheckService,
    private readonly results: HealthIndicatorService,
    @Inject(HEALTH_INDICATORS) private readonly indicators: DependencyHealthIndicator[],
    @Inject(HEALTH_OPTIONS) private readonly options: HealthOptions,
  ) {}

  async run(): Promise<HealthReport> {
    const checks = this.indicators.map((indicator) => () => this.checkOne(indicator));
    let details: Record<string, unknown>;
    try {
      details = (await this.terminus.check(checks)).details;
    } catch (error) {
      details = detailsOfFailedCheck(error);
    }
    const report: HealthReport['checks'] = {};
    for (const [name, value] of Object.entries(details)) report[name] = value as DependencyStatus;
    const allUp = this.indicators.every((indicator) => report[indicator.dependency]?.status === 'up');
    return { status: allUp ? 'ok' : 'error', service: this.options.service, checks: report };
  }

  private async checkOne(indicator: DependencyHealthIndicator): Promise<HealthIndicatorResult> {
    const session = this.results.check(indicator.dependency);
    const started = Date.now();
    try {
      const details = await withTimeout(
        indicator.check(),
        indicator.timeoutMs ?? this.options.timeoutMs,
        indicator.dependency,
      );
      return session.up({ ...(details ?? {}), responseTimeMs: Date.now() - started });
    } catch (error) {
      return session.down({ message: errorMessage(error), responseTimeMs: Date.now() - started });
    }
  }
}

/** terminus answers a failed check with a ServiceUnavailableException whose response holds `details`. */
function detailsOfFailedCheck(error: unknown): Record<string, unknown> {
  const response = (error as { getResponse?: () => unknown }).getResponse?.();
  const details = (response as { details?: Record<string, unknown> } | undefined)?.details;
  if (details) return details;
  throw error;
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, dependency: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${dependency} did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}
