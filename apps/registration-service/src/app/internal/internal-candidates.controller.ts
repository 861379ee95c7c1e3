import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Query, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InternalOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { pageRequest } from '../common/pagination';
import { candidateListFilter, candidateListQuerySchema, type CandidateListRequest } from '../candidates/candidate.requests';
import type { CandidateFileKind } from '../candidates/candidate-documents.store';
import { CANDIDATE_REPOSITORY, type CandidateRecord, type CandidateRepository } from '../candidates/candidate.repository';
import { ListCandidatesUseCase, toCandidateListItem } from '../candidates/usecases/list-candidates.usecase';
import { ManageCandidateUseCase } from '../candidates/usecases/manage-candidate.usecase';
import {
  candidateCodeParam,
  certificateBody,
  feesPaidBody,
  fileKindParam,
  hallTicketBody,
  smsRecipientsQuery,
  type SmsRecipientsQuery,
} from './internal.requests';

/** Full internal view: the list row plus every registration field (mother's name included). */
function internalView(candidate: CandidateRecord) {
  const fields: Partial<CandidateRecord> = { ...candidate };
  delete fields.photoKey;
  delete fields.signatureKey;
  delete fields.deletedAt;
  return { ...fields, ...toCandidateListItem(candidate) };
}

/**
 * Candidates for the admin and documents services (`x-internal-token`). Served at
 * `/internal/...`, outside the edge's `/api`, and left out of the public OpenAPI document.
 */
@ApiExcludeController()
@InternalOnly()
@Controller('internal/candidates')
export class InternalCandidatesController {
  constructor(
    private readonly manage: ManageCandidateUseCase,
    private readonly listCandidates: ListCandidatesUseCase,
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
  ) {}

  /**
   * One cursor page of an SMS group for notifications-service: `next` is the `after` of the
   * following page, null on the last one. Only the code and the mobile number leave the service.
   */
  @Get('sms-recipients')
  async smsRecipients(@Query(new ZodValidationPipe(smsRecipientsQuery)) query: SmsRecipientsQuery) {
    const items = await this.candidates.smsRecipients(query.group, query.after, query.limit);
    const next = items.length === query.limit ? (items[items.length - 1]?.candidateCode ?? null) : null;
    return { success: true, data: { items, next } };
  }

  @Get()
  async list(@Query(new ZodValidationPipe(candidateListQuerySchema)) query: CandidateListRequest) {
    return { success: true, data: await this.listCandidates.execute(candidateListFilter(query), pageRequest(query)) };
  }

  @Get(':code')
  async get(@Param('code', new ZodValidationPipe(candidateCodeParam)) code: string) {
    return { success: true, data: internalView(await this.manage.get(code)) };
  }

  @Patch(':code/fees-paid')
  async setFeesPaid(
    @Param('code', new ZodValidationPipe(candidateCodeParam)) code: string,
    @Body(new ZodValidationPipe(feesPaidBody)) body: Record<string, boolean>,
  ) {
    return { success: true, data: internalView(await this.manage.setFeesPaid(code, body['feesPaid'] === true)) };
  }

  @Patch(':code/hall-ticket')
  async setHallTicket(
    @Param('code', new ZodValidationPipe(candidateCodeParam)) code: string,
    @Body(new ZodValidationPipe(hallTicketBody)) body: Record<string, boolean>,
  ) {
    const candidate = await this.manage.setHallTicketReleased(code, body['hallTicketReleased'] === true);
    return { success: true, data: internalView(candidate) };
  }

  @Patch(':code/certificate')
  async setCertificate(
    @Param('code', new ZodValidationPipe(candidateCodeParam)) code: string,
    @Body(new ZodValidationPipe(certificateBody)) body: Record<string, boolean>,
  ) {
    const candidate = await this.manage.setCertificateReleased(code, body['certificateReleased'] === true);
    return { success: true, data: internalView(candidate) };
  }

  @Delete(':code')
  @HttpCode(200)
  async remove(@Param('code', new ZodValidationPipe(candidateCodeParam)) code: string) {
    await this.manage.softDelete(code);
    return { success: true, message: 'Candidate deleted' };
  }

  @Get(':code/files/:file')
  async file(
    @Param('code', new ZodValidationPipe(candidateCodeParam)) code: string,
    @Param('file', new ZodValidationPipe(fileKindParam)) file: CandidateFileKind,
  ): Promise<StreamableFile> {
    const stream = await this.manage.openFile(code, file);
    return new StreamableFile(stream, { type: 'image/jpeg', disposition: `inline; filename="${code}_${file}.jpg"` });
  }
}
