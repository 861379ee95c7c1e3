import { Module, type DynamicModule } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { Metrics } from './metrics';

export interface MetricsModuleOptions {
  /** e.g. `registration-service`: the `service` label of every series. */
  service: string;
}

/**
 * The service's metrics: a `Metrics` of its own (global provider, with Node.js process metrics)
 * and `GET /metrics` in the Prometheus text format. createServiceApp mounts
 * `httpMetricsMiddleware` first and hands the `Metrics` to the Kafka consumer transport.
 */
@Module({})
export class MetricsModule {
  static forRoot(options: MetricsModuleOptions): DynamicModule {
    return {
      module: MetricsModule,
      global: true,
      controllers: [MetricsController],
      providers: [
        { provide: Metrics, useFactory: () => new Metrics({ service: options.service, processMetrics: true }) },
      ],
      exports: [Metrics],
    };
  }
}
