import { DynamicModule, Module } from '@nestjs/common';
import { GetSystemHealthUseCase, SYSTEM_HEALTH_OPTIONS, type SystemHealthOptions } from './get-system-health.usecase';
import { HttpServiceHealthProbe, SERVICE_HEALTH_PROBE } from './service-health.probe';
import { SystemHealthController } from './system-health.controller';

/** `GET /api/health`: the health of every service, asked over HTTP. */
@Module({})
export class SystemHealthModule {
  static forRoot(options: SystemHealthOptions): DynamicModule {
    return {
      module: SystemHealthModule,
      controllers: [SystemHealthController],
      providers: [
        { provide: SYSTEM_HEALTH_OPTIONS, useValue: options },
        { provide: SERVICE_HEALTH_PROBE, useClass: HttpServiceHealthProbe },
        GetSystemHealthUseCase,
      ],
    };
  }
}
