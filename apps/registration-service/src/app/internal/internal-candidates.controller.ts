import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Query, StreamableFile, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { CandidateFilesInterceptor, UploadLimitInterceptor, type CandidateUploads } from '../candidates/candidate-upload.interceptor';
import { RegisterCandidateUseCase } from '../candidates/usecases/register-candidate.usecase';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  candidateRegistrationSchema,
  examResultsRequestSchema,
  examSeatsRequestSchema,
  parseExamTime,
  resultsWithdrawalRequestSchema,
  seatingQuerySchema,
  type CandidateRegistration,
  type ExamAssignmentInput,
  type ResultsWithdrawalRequest,
  type SeatingQuery,
} from '@kbe/contracts';
import type { z } from 'zod';
import { InternalOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { ContractValidationPipe } from '../common/contract-validation.pipe';
import { pageRequest, paginationOf } from '../common/pagination';
import type { CandidateFileKind } from '../candidates/candidate-documents.store';
import { CANDIDATE_REPOSITORY, type CandidateRecord, type CandidateRepository } from '../candidates/candidate.repository';
import { toCandidateListItem } from '../candidates/usecases/list-candidates.usecase';
import { ManageCandidateUseCase } from '../candidates/usecases/manage-candidate.usecase';
import { ReleaseDocumentsUseCase } from '../candidates/usecases/release-documents.usecase';
import { AssignExamSeatsUseCase } from '../candidates/usecases/assign-exam-seats.usecase';
import { RecordExamResultsUseCase } from '../candidates/usecases/record-exam-results.usecase';
import {
  CANDIDATE_CURSOR_PAGE_MAX,
  candidateCodeParam,
  certificateReleaseBody,
  examAssignmentBody,
  feesBody,
  fileKindParam,
  hallTicketReleaseBody,
  internalCandidateFilter,
  internalCandidateQuerySchema,
  releaseBatchBody,
  type InternalCandidateQuery,
  smsRecipientsQuery,
  type ReleaseBatchRequest,
  type SmsRecipientsQuery,
} from './internal.requests';

/** Full internal view: the list row plus every registration field (mother's name included). */
function internalView(candidate: CandidateRecord) {
  const fields: Partial<CandidateRecord> = { ...candidate };
  delete fields.photoKey;
  delete fields.signatureKey;
  delete fields.hallTicketRelease;
  delete fields.certificateRelease;
  // the consent's facts for the admin view; the number's hash and the address stay in the record
  const consent = candidate.consent ? { status: candidate.consent.status, givenAt: candidate.consent.givenAt, noticeVersion: candidate.consent.noticeVersion, lang: candidate.consent.lang, method: candidate.consent.method } : null;
  return {
    ...fields,
    consent,
    ...toCandidateListItem(candidate),
    receiptNumber: candidate.receiptNumber ?? null,
    district: candidate.permanentAddress.district,
    deletedAt: candidate.deletedAt ? candidate.deletedAt.toISOString() : null,
  };
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
    private readonly releases: ReleaseDocumentsUseCase,
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    private readonly registerCandidate: RegisterCandidateUseCase,
    private readonly assignSeats: AssignExamSeatsUseCase,
    private readonly examResults: RecordExamResultsUseCase,
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

  /** An admin adds a candidate: the registration form's multipart (or JSON) and rules, without the deadline. */
  @Post()
  @UseInterceptors(UploadLimitInterceptor, CandidateFilesInterceptor)
  async add(@Body() body: unknown, @UploadedFiles() files: CandidateUploads | undefined) {
    const photo = files?.photo?.[0];
    const signature = files?.signature?.[0];
    const { candidate } = await this.registerCandidate.execute({
      fields: body ?? {},
      photo: photo && { bytes: photo.buffer },
      signature: signature && { bytes: signature.buffer },
      byAdmin: true,
    });
    return { success: true, data: internalView(candidate) };
  }

  /** Page mode (`page`, `limit`) answers `{ candidates, pagination }`; cursor mode (`cursor=true`, `after`) answers `{ candidates, nextCursor }`. */
  @Get()
  async list(@Query(new ZodValidationPipe(internalCandidateQuerySchema)) query: InternalCandidateQuery) {
    const filter = internalCandidateFilter(query);
    if (query.cursor === 'true') {
      const limit = Math.min(query.limit ?? 100, CANDIDATE_CURSOR_PAGE_MAX);
      const found = await this.candidates.listAfter(filter, query.after, limit);
      const last = found.at(-1);
      return {
        success: true,
        data: { candidates: found.map(internalView), nextCursor: found.length === limit && last ? last.candidateCode : null },
      };
    }
    const page = pageRequest({ page: query.page, limit: Math.min(query.limit ?? 20, 100) });
    const records = await this.candidates.list(filter, page);
    return { success: true, data: { candidates: records.items.map(internalView), pagination: paginationOf(page, records.total) } };
  }

  /**
   * One cursor page of the CSV export (`after=<candidate code>`, code order): the export's columns
   * only, from the candidate directory, so 20,000 rows never wait on the store.
   */
  @Get('sheet')
  sheet(@Query(new ZodValidationPipe(internalCandidateQuerySchema)) query: InternalCandidateQuery) {
    const limit = Math.min(query.limit ?? 100, CANDIDATE_CURSOR_PAGE_MAX);
    const rows = this.candidates.sheetAfter(internalCandidateFilter(query), query.after, limit);
    const last = rows.at(-1);
    return { success: true, data: { rows, nextCursor: rows.length === limit && last ? last.candidateId : null } };
  }

  /** One page of live candidates as exams-service's seat allocation reads them (code order). */
  @Get('seating')
  seating(@Query(new ZodValidationPipe(seatingQuerySchema)) query: SeatingQuery) {
    const candidates = this.candidates.seatingAfter(query.after, query.limit);
    const next = candidates.length === query.limit ? (candidates.at(-1)?.candidateCode ?? null) : null;
    return { success: true, data: { candidates, next } };
  }

  /** The seats exams-service issued, and those it withdrew: each code's outcome. */
  @Put('seats')
  async seats(@Body(new ZodValidationPipe(examSeatsRequestSchema)) body: z.output<typeof examSeatsRequestSchema>) {
    return { success: true, data: await this.assignSeats.execute(body.seats, body.cleared) };
  }

  /** A published level's results exams-service hands over: each code's outcome (a qualified candidate moves on). */
  @Put('results')
  async results(@Body(new ZodValidationPipe(examResultsRequestSchema)) body: z.output<typeof examResultsRequestSchema>) {
    return { success: true, data: await this.examResults.publish(body.results) };
  }

  /** A level's results withdrawn: taken back from every candidate, the candidates moved on moved back (409 when they may not be). */
  @Post('results/withdrawal')
  @HttpCode(200)
  async withdrawResults(@Body(new ZodValidationPipe(resultsWithdrawalRequestSchema)) body: ResultsWithdrawalRequest) {
    return { success: true, data: await this.examResults.withdraw(body.level) };
  }

  /** Sizes of the SMS recipient groups (live candidates). */
  @Get('group-sizes')
  async groupSizes() {
    const [all, paid, unpaid, hallTicket, consentPending] = await Promise.all([
      this.candidates.count({}),
      this.candidates.count({ feesPaid: true }),
      this.candidates.count({ feesPaid: false }),
      this.candidates.count({ hallTicketReleased: true }),
      this.candidates.count({ consent: 'pending' }),
    ]);
    return { success: true, data: { all, paid, unpaid, 'hall-ticket': hallTicket, 'consent-pending': consentPending } };
  }

  /** One batch of a bulk release: each code's outcome (released, fees-unpaid, already-released, not-found, failed). */
  @Post('release')
  @HttpCode(200)
  async release(@Body(new ZodValidationPipe(releaseBatchBody)) body: ReleaseBatchRequest) {
    return { success: true, data: { results: await this.releases.release(body.kind, body.candidateCodes, body.releasedBy) } };
  }

  @Get(':code')
  async get(@Param('code', new ZodValidationPipe(candidateCodeParam)) code: string) {
    return { success: true, data: internalView(await this.manage.get(code)) };
  }

  /** Edit: every registration field, validated like a registration. */
  @Put(':code')
  async update(
    @Param('code', new ZodValidationPipe(candidateCodeParam)) code: string,
    @Body(new ContractValidationPipe(candidateRegistrationSchema)) body: CandidateRegistration,
  ) {
    return { success: true, data: internalView(await this.manage.updateRegistration(code, body)) };
  }

  @Patch(':code/fees-paid')
  async setFeesPaid(
    @Param('code', new ZodValidationPipe(candidateCodeParam)) code: string,
    @Body(new ZodValidationPipe(feesBody)) body: { feesPaid: boolean; receiptNumber?: string | null },
  ) {
    return { success: true, data: internalView(await this.manage.setFeesPaid(code, body.feesPaid, body.receiptNumber ?? null)) };
  }

  @Patch(':code/hall-ticket')
  async setHallTicket(
    @Param('code', new ZodValidationPipe(candidateCodeParam)) code: string,
    @Body(new ZodValidationPipe(hallTicketReleaseBody)) body: { hallTicketReleased: boolean; releasedBy?: string },
  ) {
    const candidate = await this.manage.setHallTicketReleased(code, body.hallTicketReleased, body.releasedBy);
    return { success: true, data: internalView(candidate) };
  }

  @Patch(':code/certificate')
  async setCertificate(
    @Param('code', new ZodValidationPipe(candidateCodeParam)) code: string,
    @Body(new ZodValidationPipe(certificateReleaseBody)) body: { certificateReleased: boolean; releasedBy?: string },
  ) {
    const candidate = await this.manage.setCertificateReleased(code, body.certificateReleased, body.releasedBy);
    return { success: true, data: internalView(candidate) };
  }

  @Patch(':code/exam-assignment')
  async setExamAssignment(
    @Param('code', new ZodValidationPipe(candidateCodeParam)) code: string,
    @Body(new ZodValidationPipe(examAssignmentBody)) body: ExamAssignmentInput,
  ) {
    const assignment = {
      seatNumber: body.seatNumber === '' ? null : body.seatNumber,
      center: body.center === '' ? null : body.center,
      // validated by the schema: a date-time with its offset, stored as the instant it names
      examTime: body.examTime === undefined ? undefined : body.examTime ? parseExamTime(body.examTime) : null,
    };
    return { success: true, data: internalView(await this.manage.setExamAssignment(code, assignment)) };
  }

  @Delete(':code')
  @HttpCode(200)
  async remove(@Param('code', new ZodValidationPipe(candidateCodeParam)) code: string) {
    await this.manage.softDelete(code);
    return { success: true, message: 'Candidate deleted' };
  }

  @Post(':code/restore')
  @HttpCode(200)
  async restore(@Param('code', new ZodValidationPipe(candidateCodeParam)) code: string) {
    return { success: true, message: 'Candidate restored', data: internalView(await this.manage.restore(code)) };
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
