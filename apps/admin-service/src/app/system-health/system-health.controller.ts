import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { GetSystemHealthUseCase, type SystemHealth } from './get-system-health.usecase';

@ApiTags('health')
@Controller('health')
export class SystemHealthController {
  constructor(private readonly systemHealth: GetSystemHealthUseCase) {}

  @Get()
  @ApiOkResponse({ description: 'Every service and every dependency is up.' })
  @ApiServiceUnavailableResponse({
    description: 'Degraded: `services` shows which service or dependency is down.',
    content: { 'application/json': { schema: { type: 'object' } } },
  })
  async check(@Res({ passthrough: true }) response: Response): Promise<SystemHealth> {
    const health = await this.systemHealth.execute();
    response.status(health.status === 'ok' ? 200 : 503);
    return health;
  }
}
