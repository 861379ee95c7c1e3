import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { centreShapeSchema, centreUpdateShapeSchema, type Centre } from '@kbe/contracts';
import type { z } from 'zod';
import { assertCentreRules } from './centre-rules';
import { AdminOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { pageRequest } from '../pagination';
import { centreUpdateBody } from './centre-update.body';
import { centreCodeParam, centreImportSchema, centreListQuerySchema, type CentreImportRequest, type CentreListRequest } from './centre.requests';
import { CreateCentreUseCase } from './usecases/create-centre.usecase';
import { DeleteCentreUseCase } from './usecases/delete-centre.usecase';
import { GetCentreUseCase } from './usecases/get-centre.usecase';
import { ImportCentresUseCase } from './usecases/import-centres.usecase';
import { ListCentresUseCase } from './usecases/list-centres.usecase';
import { UpdateCentreUseCase } from './usecases/update-centre.usecase';

/** Exam centres with their rooms and sittings (admin token required). */
@ApiTags('admin centres')
@AdminOnly()
@Controller('admin/centres')
export class CentresController {
  constructor(
    private readonly createCentre: CreateCentreUseCase,
    private readonly listCentres: ListCentresUseCase,
    private readonly getCentre: GetCentreUseCase,
    private readonly updateCentre: UpdateCentreUseCase,
    private readonly deleteCentre: DeleteCentreUseCase,
    private readonly importCentres: ImportCentresUseCase,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Add a centre; the service issues its number (1..999 within the edition).' })
  @ApiCreatedResponse({ description: '{ success, data: centre }' })
  @ApiBadRequestResponse({ description: 'A malformed field (a capacity out of range, a time not HH:MM, ...)' })
  @ApiUnprocessableEntityResponse({ description: 'Fields that break a rule together: overlapping sittings, an unknown room, a room twice, reporting after the start' })
  @ApiConflictResponse({ description: 'A centre with this code already exists, or every number is issued' })
  async create(@Body(new ZodValidationPipe(centreShapeSchema)) body: Centre) {
    return { success: true, data: await this.createCentre.execute(assertCentreRules(body)) };
  }

  @Get()
  @ApiOperation({ summary: 'Centres sorted by code: ?search= (prefix of code, name, district or taluka), ?district=, ?page=, ?limit= (at most 100).' })
  @ApiOkResponse({ description: '{ success, data: centres, pagination }' })
  async list(@Query(new ZodValidationPipe(centreListQuerySchema)) query: CentreListRequest) {
    const { centres, pagination } = await this.listCentres.execute({ search: query.search, district: query.district }, pageRequest(query));
    return { success: true, data: centres, pagination };
  }

  @Post('import')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Import centres from CSV (one line per room); dryRun reports every problem and stores nothing.' })
  @ApiBody({ schema: { type: 'object', required: ['csv', 'dryRun'], properties: { csv: { type: 'string' }, dryRun: { type: 'boolean' } } } })
  @ApiOkResponse({ description: '{ success, data: { dryRun, created, updated, unchanged, invalid, problems: [{ line, field, message }] } }' })
  @ApiUnprocessableEntityResponse({ description: 'Not CSV, a wrong header, no centres, or more than 5,000 lines' })
  @ApiPayloadTooLargeResponse({ description: 'The CSV is larger than 2 MB' })
  async import(@Body(new ZodValidationPipe(centreImportSchema)) body: CentreImportRequest) {
    return { success: true, data: await this.importCentres.execute(body.csv, body.dryRun) };
  }

  @Get(':code')
  @ApiOkResponse({ description: '{ success, data: centre }' })
  @ApiNotFoundResponse({ description: 'No centre has this code' })
  async get(@Param('code', new ZodValidationPipe(centreCodeParam)) code: string) {
    return { success: true, data: await this.getCentre.execute(code) };
  }

  @Put(':code')
  @ApiOperation({ summary: 'Replace a centre (its number stays); the body code, if given, must be the path code.' })
  @ApiOkResponse({ description: '{ success, data: centre }' })
  @ApiBadRequestResponse({ description: 'A malformed field' })
  @ApiUnprocessableEntityResponse({ description: 'A body code other than the path code, or fields that break a rule together' })
  @ApiNotFoundResponse({ description: 'No centre has this code' })
  async update(
    @Param('code', new ZodValidationPipe(centreCodeParam)) code: string,
    @Body(new ZodValidationPipe(centreUpdateShapeSchema)) body: z.output<typeof centreUpdateShapeSchema>,
  ) {
    return { success: true, data: await this.updateCentre.execute(centreUpdateBody(code, body)) };
  }

  @Delete(':code')
  @ApiOkResponse({ description: '{ success, message }' })
  @ApiNotFoundResponse({ description: 'No centre has this code' })
  @ApiConflictResponse({ description: 'Seats are allocated at the centre' })
  async remove(@Param('code', new ZodValidationPipe(centreCodeParam)) code: string) {
    await this.deleteCentre.execute(code);
    return { success: true, message: `Centre ${code} deleted` };
  }
}
