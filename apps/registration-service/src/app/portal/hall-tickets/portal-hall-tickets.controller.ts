import { Controller, Get, Header, HttpCode, Param, Post, StreamableFile } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { PORTAL_HALL_TICKET_MESSAGES } from '@kbe/contracts';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { z } from 'zod';
import { CurrentPortalUser, PortalSignedIn } from '../portal-session.guard';
import type { PortalPrincipal } from '../portal-session';
import { CLASS_HALL_TICKETS_JOB_ID, ClassHallTicketsUseCase } from './class-hall-tickets.usecase';

const JOB_ID_MESSAGE = 'The job id is the 24-character id answered by POST /api/portal/hall-tickets';
const jobIdParam = new ZodValidationPipe(z.string().regex(CLASS_HALL_TICKETS_JOB_ID, { error: JOB_ID_MESSAGE }));
const jobIdDoc = { name: 'id', description: 'The job id answered by POST /api/portal/hall-tickets.', schema: { type: 'string', pattern: CLASS_HALL_TICKETS_JOB_ID.source } } as const;

/**
 * The class's hall tickets (docs/school-portal-jobs.md): one PDF with every released hall ticket of
 * the school's (or mentor's) pupils, made as a job at documents-service and kept while nothing
 * changes.
 */
@ApiTags('portal')
@Controller('portal/hall-tickets')
@PortalSignedIn()
export class PortalHallTicketsController {
  constructor(private readonly hallTickets: ClassHallTicketsUseCase) {}

  @Post()
  @HttpCode(202)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "Asks for one PDF of every released hall ticket of the school's (or mentor's) pupils, by seat number then candidate code. While nothing changed, the same (completed) job is answered at once." })
  @ApiAcceptedResponse({ description: '{ success, data: ClassHallTicketsJob }' })
  @ApiConflictResponse({ description: PORTAL_HALL_TICKET_MESSAGES.noneReleased })
  @ApiServiceUnavailableResponse({ description: PORTAL_HALL_TICKET_MESSAGES.unavailable })
  async request(@CurrentPortalUser() principal: PortalPrincipal) {
    return { success: true, data: await this.hallTickets.request(principal) };
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The progress of a class hall-ticket job: status, total, rendered, skipped pupils.' })
  @ApiParam(jobIdDoc)
  @ApiOkResponse({ description: '{ success, data: ClassHallTicketsJob }' })
  @ApiBadRequestResponse({ description: JOB_ID_MESSAGE })
  @ApiNotFoundResponse({ description: `${PORTAL_HALL_TICKET_MESSAGES.jobNotFound} (another school's or mentor's job too).` })
  async status(@CurrentPortalUser() principal: PortalPrincipal, @Param('id', jobIdParam) id: string) {
    return { success: true, data: await this.hallTickets.status(principal, id) };
  }

  @Get(':id/file')
  @ApiOperation({ summary: 'The PDF of a completed class hall-ticket job (attachment).' })
  @ApiParam(jobIdDoc)
  @ApiOkResponse({ description: 'The hall tickets as one PDF.', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiBadRequestResponse({ description: JOB_ID_MESSAGE })
  @ApiNotFoundResponse({ description: `${PORTAL_HALL_TICKET_MESSAGES.jobNotFound} (another school's or mentor's job too).` })
  @ApiConflictResponse({ description: `${PORTAL_HALL_TICKET_MESSAGES.notReady}, or ${PORTAL_HALL_TICKET_MESSAGES.failed}` })
  async file(@CurrentPortalUser() principal: PortalPrincipal, @Param('id', jobIdParam) id: string): Promise<StreamableFile> {
    const { file, fileName } = await this.hallTickets.file(principal, id);
    return new StreamableFile(file.stream, {
      type: 'application/pdf',
      disposition: `attachment; filename="${fileName}"`,
      length: file.size ?? undefined,
    });
  }
}
