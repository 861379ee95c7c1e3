import { Controller, DynamicModule, Get, Module, Provider, Res, Type } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { TerminusModule } from '@nestjs/terminus';
import type { Response } from 'express';
import type { DependencyHealthIndicator } from './dependency-health-indicator';
import { HEALTH_INDICATORS, HEALTH_OPTIONS, HealthCheckRunner, type HealthOptions } from './health-check.runner';
import type { HealthReport } from './health-report';

export interface HealthModuleOptions {
  /** Service name; the report is served at `GET /api/health/<service>`. */
  service: string;
  /** One indicator per dependency, in the order they appear in the report. */
  indicators: Array<Type<DependencyHealthIndicator>>;
  /** Extra providers the indicators need (e.g. the Chromium executable path). */
  providers?: Provider[];
  /** Time one dependency may take before it counts as down (default 1500 ms). */
  timeoutMs?: number;
}

function healthControllerFor(service: string): Type<unknown> {
  @ApiTags('health')
  @Controller(`health/${service}`)
  class HealthController {
    constructor(private readonly runner: HealthCheckRunner) {}

    @Get()
    @ApiOkResponse({ description: 'Every dependency answered.' })
    @ApiServiceUnavailableResponse({ description: 'At least one dependency is down; `checks` names it.', content: { 'application/json': { schema: { type: 'object' } } } })
    async check(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
      const report = await this.runner.run();
      response.status(report.status === 'ok' ? 200 : 503);
      return report;
    }

    /**
     * Liveness: the process answers, whatever its dependencies do. Kubernetes restarts a pod that
     * stops answering here; an outage of MongoDB or Kafka only takes pods out of the Service
     * (readiness asks the full report above), so it never restarts every replica at once.
     */
    @Get('live')
    @ApiOkResponse({ description: 'The process is running and answers requests.' })
    live(): { status: 'ok'; service: string } {
      return { status: 'ok', service };
    }
  }
  return HealthController;
}

/**
 * `GET /api/health/<service>`: 200 when every dependency is up, 503 naming the one that is down.
 * `GET /api/health/<service>/live`: 200 while the process answers (Kubernetes liveness).
 */
@Module({})
export class HealthModule {
  static forRoot(options: HealthModuleOptions): DynamicModule {
    const healthOptions: HealthOptions = { service: options.service, timeoutMs: options.timeoutMs ?? 1500 };
    return {
      module: HealthModule,
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [healthControllerFor(options.service)],
      providers: [
        ...options.indicators,
        ...(options.providers ?? []),
        { provide: HEALTH_OPTIONS, useValue: healthOptions },
        {
          provide: HEALTH_INDICATORS,
          useFactory: (...indicators: DependencyHealthIndicator[]) => indicators,
          inject: options.indicators,
        },
        HealthCheckRunner,
      ],
      exports: [HealthCheckRunner],
    };
  }
}
