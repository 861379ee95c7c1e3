import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import {
  ADMIN_MESSAGES,
  adminCandidateListQuerySchema,
  candidateIdParamSchema,
  candidateRegistrationSchema,
  CANDIDATE_FILE_PARTS,
  certificateUpdateSchema,
  countOf,
  examAssignmentImportSchema,
  examAssignmentSchema,
  feesUpdateSchema,
  hallTicketUpdateSchema,
  type AdminCandidateListResponse,
  type AdminCandidateResponse,
  type ApiSuccess,
  type AdminCandidateListItem,
  type CandidateRegistration,
  type ExamAssignmentImportResponse,
} from '@kbe/contracts';
import { AdminOnly, CurrentAdmin, type AuthenticatedAdmin } from '@kbe/server-auth';
import { multipartBody, ZodValidationPipe } from '@kbe/server-bootstrap';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { RequestOrigin } from '../audit/audit-log';
import { AdminCandidatesUseCase } from './usecases/candidates.usecase';

const idPipe = new ZodValidationPipe(candidateIdParamSchema);
type ItemResponse = ApiSuccess<AdminCandidateListItem>;

/** Admin candidate management (spec sections 2, 3, 7). Thin: everything happens in AdminCandidatesUseCase. */
@ApiTags('admin')
@Controller('admin/candidates')
@AdminOnly({ missingTokenMessage: ADMIN_MESSAGES.noTokenLists })
export class AdminCandidatesController {
  constructor(private readonly candidates: AdminCandidatesUseCase) {}

  @Get()
  async list(
    @Query(new ZodValidationPipe(adminCandidateListQuerySchema)) query: z.output<typeof adminCandidateListQuerySchema>,
  ): Promise<AdminCandidateListResponse> {
    return { success: true, message: 'Candidates', data: await this.candidates.list(query) };
  }

  /**
   * Add a candidate: the registration form's body (multipart with bracketed names plus photo and
   * signature, or JSON), the same rules, no deadline. Streamed through to registration-service.
   */
  @Post()
  @ApiUnprocessableEntityResponse({ description: 'Mentor Code not found (or not active).' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(multipartBody(candidateRegistrationSchema, CANDIDATE_FILE_PARTS))
  async add(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() request: RequestOrigin & NodeJS.ReadableStream & { body?: unknown },
  ): Promise<AdminCandidateResponse> {
    const contentType = String(request.headers['content-type'] ?? '');
    const upload = contentType.startsWith('multipart/form-data')
      ? {
          stream: request as unknown as Readable,
          contentType,
          contentLength: request.headers['content-length'] as string | undefined,
        }
      : { json: request.body ?? {} };
    return { success: true, message: 'Candidate added', data: await this.candidates.add(admin, request, upload) };
  }

  @Get('export.csv')
  @ApiOkResponse({ description: 'The candidates as CSV.', content: { 'text/csv': { schema: { type: 'string' } } } })
  exportCsv(@Query(new ZodValidationPipe(adminCandidateListQuerySchema)) query: z.output<typeof adminCandidateListQuerySchema>): StreamableFile {
    return new StreamableFile(this.candidates.exportCsv(query), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="candidates.csv"',
    });
  }

  @Post('exam-assignments/import')
  @HttpCode(200)
  async importAssignments(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Body(new ZodValidationPipe(examAssignmentImportSchema)) body: { csv: string },
  ): Promise<ExamAssignmentImportResponse> {
    const result = await this.candidates.importExamAssignments(admin, origin, body.csv);
    return { success: true, message: `${result.updated} of ${countOf(result.rows, 'row')} applied`, data: result };
  }

  @Get(':id')
  @ApiOkResponse({ description: 'The candidate: the list row, every registration field and `language` (en, mr or hi) of the SMS and documents sent to them.' })
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  async get(@Param('id', idPipe) id: string): Promise<AdminCandidateResponse> {
    return { success: true, message: 'Candidate', data: await this.candidates.get(id) };
  }

  /**
   * Edit every registration field, validated like a registration, and the candidate's language
   * (`language`: en, mr or hi; absent keeps the stored one).
   */
  @Put(':id')
  @ApiOkResponse({ description: 'The candidate as edited; a changed language applies to the next SMS and documents.' })
  @ApiUnprocessableEntityResponse({ description: 'Mentor Code not found (or not active).' })
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  async update(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Param('id', idPipe) id: string,
    @Body(new ZodValidationPipe(candidateRegistrationSchema)) body: CandidateRegistration,
  ): Promise<AdminCandidateResponse> {
    return { success: true, message: 'Candidate updated', data: await this.candidates.update(admin, origin, id, body) };
  }

  @Patch(':id/fees')
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  async fees(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Param('id', idPipe) id: string,
    @Body(new ZodValidationPipe(feesUpdateSchema)) body: z.output<typeof feesUpdateSchema>,
  ): Promise<ItemResponse> {
    const data = await this.candidates.setFees(admin, origin, id, body.feesPaid, body.receiptNumber);
    return { success: true, message: body.feesPaid ? 'Fees marked as paid' : 'Fees marked as unpaid', data };
  }

  /** Releasing an unpaid candidate answers 409 'Candidate must pay fees before hall ticket can be released.' */
  @Patch(':id/hall-ticket')
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  async hallTicket(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Param('id', idPipe) id: string,
    @Body(new ZodValidationPipe(hallTicketUpdateSchema)) body: z.output<typeof hallTicketUpdateSchema>,
  ): Promise<ItemResponse> {
    const data = await this.candidates.setReleased(admin, origin, id, 'hall-ticket', body.hallTicketReleased);
    return { success: true, message: body.hallTicketReleased ? 'Hall ticket released' : 'Hall ticket withdrawn', data };
  }

  @Patch(':id/certificate')
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  async certificate(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Param('id', idPipe) id: string,
    @Body(new ZodValidationPipe(certificateUpdateSchema)) body: z.output<typeof certificateUpdateSchema>,
  ): Promise<ItemResponse> {
    const data = await this.candidates.setReleased(admin, origin, id, 'certificate', body.certificateReleased);
    return { success: true, message: body.certificateReleased ? 'Certificate released' : 'Certificate withdrawn', data };
  }

  @Patch(':id/exam-assignment')
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  async examAssignment(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Param('id', idPipe) id: string,
    @Body(new ZodValidationPipe(examAssignmentSchema)) body: z.output<typeof examAssignmentSchema>,
  ): Promise<ItemResponse> {
    return { success: true, message: 'Exam assignment saved', data: await this.candidates.setExamAssignment(admin, origin, id, body) };
  }

  @Delete(':id')
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  @HttpCode(200)
  async remove(@CurrentAdmin() admin: AuthenticatedAdmin, @Req() origin: RequestOrigin, @Param('id', idPipe) id: string) {
    await this.candidates.remove(admin, origin, id);
    return { success: true, message: 'Candidate deleted', data: null };
  }

  @Post(':id/restore')
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  @HttpCode(200)
  async restore(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Param('id', idPipe) id: string,
  ): Promise<AdminCandidateResponse> {
    return { success: true, message: 'Candidate restored', data: await this.candidates.restore(admin, origin, id) };
  }
}
