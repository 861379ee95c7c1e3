import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { resultsLevelParam, type ExamLevel } from '@kbe/contracts';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { MeritListUseCase } from './usecases/merit-list.usecase';

/** The public merit list (no token): roll numbers and ranks of the qualified of a published level. */
@ApiTags('results')
@Controller('results')
export class MeritListController {
  constructor(private readonly meritList: MeritListUseCase) {}

  @Get(':level/merit-list')
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOperation({ summary: "A published level's qualified per category: roll number and rank, by rank then roll number; when the edition shows it." })
  @ApiOkResponse({ description: '{ success, data: MeritList }' })
  @ApiBadRequestResponse({ description: 'An unknown level' })
  @ApiNotFoundResponse({ description: 'The edition does not show the merit list, or the level is not published' })
  async get(@Param('level', new ZodValidationPipe(resultsLevelParam)) level: ExamLevel) {
    return { success: true, data: await this.meritList.execute(level) };
  }
}
