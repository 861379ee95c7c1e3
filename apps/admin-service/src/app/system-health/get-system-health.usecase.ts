import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_HEALTH_PROBE, type ServiceHealth, type ServiceHealthProbe } from './service-health.probe';

export interface SystemHealthOptions {
  /** Service name -> base URL, e.g. `registration-service` -> `http://127.0.0.1:3101`. */
  services: Record<string, string>;
  timeoutMs: number;
}

export const SYSTEM_HEALTH_OPTIONS = Symbol('SYSTEM_HEALTH_OPTIONS');

export interface SystemHealth {
  status: 'ok' | 'degraded';
  services: Record<string, ServiceHealth>;
}

/** Every service's own health, asked in parallel; `degraded` as soon as one is not ok. */
@Injectable()
export class GetSystemHealthUseCase {
  constructor(
    @Inject(SERVICE_HEALTH_PROBE) private readonly probe: ServiceHealthProbe,
    @Inject(SYSTEM_HEALTH_OPTIONS) private readonly options: SystemHealthOptions,
  ) {}

  async execute(): Promise<SystemHealth> {
    const entries = await Promise.all(
      Object.entries(this.options.services).map(
        async ([service, url]) => [service, await this.probe.probe(service, url, this.options.timeoutMs)] as const,
      ),
    );
    const services = Object.fromEntries(entries);
    const status = entries.every(([, health]) => health.status === 'ok') ? 'ok' : 'degraded';
    return { status, services };
  }
}
