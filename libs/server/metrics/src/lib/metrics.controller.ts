import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Registry } from 'prom-client';
import { Metrics } from './metrics';

/**
 * `GET /metrics`, outside the `api` prefix (createServiceApp excludes it): the edge and the
 * Ingress route only `/api/...`, so only what reaches the pod itself (Prometheus) can scrape it.
 */
export const METRICS_PATH = 'metrics';

@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get(METRICS_PATH)
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  scrape(): Promise<string> {
    return this.metrics.text();
  }
}
