import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GetStatisticsUseCase } from './get-statistics.usecase';

@ApiTags('statistics')
@Controller('statistics')
export class StatisticsController {
  constructor(private readonly statistics: GetStatisticsUseCase) {}

  @Get()
  @ApiOperation({ summary: 'Public counts: schools, mentors, candidates, active (fees paid) candidates.' })
  @ApiOkResponse({ description: '{ success, data: { totalSchools, totalMentors, totalCandidates, activeCandidates } }' })
  async get() {
    return { success: true, data: await this.statistics.execute() };
  }
}
