import { applyDecorators, Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { CentreListKind } from '@kbe/contracts';
import { AdminOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import type { Response } from 'express';
import { centreCodeParam } from '../centres/centre.requests';
import { GetCentreListUseCase } from './get-centre-list.usecase';

/** What a poll is told to wait while the lists are made. */
const RETRY_AFTER_SECONDS = 2;
const codeParam = new ZodValidationPipe(centreCodeParam);

/** What each printed list answers: the PDF once made, 202 with progress until then, or why not. */
const PrintedListAnswers = () =>
  applyDecorators(
    ApiProduces('application/pdf'),
    ApiOkResponse({ description: 'The PDF (A4)' }),
    ApiAcceptedResponse({ description: '{ success, data: { status, percent, total, processed, error } } while it is made; Retry-After' }),
    ApiNotFoundResponse({ description: 'No centre has this code' }),
    ApiConflictResponse({ description: 'The centre has no seats allocated' }),
    ApiServiceUnavailableResponse({ description: 'documents-service unavailable' }),
  );

/**
 * A centre's printed lists for its invigilators (admin token required; a viewer may print them):
 * 200 with the PDF once made, 202 with the progress (and Retry-After) while documents-service
 * makes them; the first call starts the job (docs/printed-lists.md).
 */
@ApiTags('admin printed lists')
@AdminOnly()
@Controller('admin/centres')
export class PrintedListsController {
  constructor(private readonly lists: GetCentreListUseCase) {}

  @Get(':code/attendance.pdf')
  @ApiOperation({ summary: "The centre's attendance sheets: one per room of each paper, candidates in roll-number order with photo, name, category and boxes for signature and OMR sheet number." })
  @PrintedListAnswers()
  attendance(@Param('code', codeParam) code: string, @Res({ passthrough: true }) response: Response) {
    return this.answer(code, 'attendance', response);
  }

  @Get(':code/door-list.pdf')
  @ApiOperation({ summary: "The centre's door list: for each paper, each room's first and last roll number and its count." })
  @PrintedListAnswers()
  doorList(@Param('code', codeParam) code: string, @Res({ passthrough: true }) response: Response) {
    return this.answer(code, 'door-list', response);
  }

  @Get(':code/summary.pdf')
  @ApiOperation({ summary: "The centre's summary: rooms with their capacity and the seats each paper uses, candidates per paper." })
  @PrintedListAnswers()
  summary(@Param('code', codeParam) code: string, @Res({ passthrough: true }) response: Response) {
    return this.answer(code, 'summary', response);
  }

  private async answer(code: string, kind: CentreListKind, response: Response) {
    const answer = await this.lists.execute(code, kind);
    if ('progress' in answer) {
      response.status(202).setHeader('Retry-After', String(RETRY_AFTER_SECONDS)).setHeader('Cache-Control', 'no-store');
      return { success: true, data: answer.progress };
    }
    response.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(answer.file.stream, { type: 'application/pdf', length: answer.file.length ?? undefined, disposition: `attachment; filename="${code}-${kind}.pdf"` });
  }
}
