import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  DATA_RIGHTS_MESSAGES,
  dataRequestInputSchema,
  guardianOtpSchema,
  requestRecordedMessage,
  type DataRequestInputParsed,
} from '@kbe/contracts';
import { InjectConfig } from '@kbe/server-config';
import { clientAddress, ZodValidationPipe, type ForwardedRequest } from '@kbe/server-bootstrap';
import type { Response } from 'express';
import { registrationNumberSchema } from '../candidates/candidate.requests';
import { CLOCK, type Clock } from '../common/clock';
import { RateLimited } from '../common/rate-limit';
import type { RegistrationConfig } from '../registration.config';
import { GUARDIAN_SESSIONS } from './data-rights.tokens';
import { CandidateDataExportUseCase } from './export/candidate-data-export.usecase';
import { DocumentsPdfClient } from './export/documents-pdf.client';
import { bearerToken, type GuardianSessions } from './guardian-session';
import { FileDataRequestUseCase } from './requests/file-data-request.usecase';
import { StartGuardianSessionUseCase } from './start-guardian-session.usecase';
import { WithdrawConsentUseCase } from './withdraw-consent.usecase';

const candidateCodeParam = new ZodValidationPipe(registrationNumberSchema);
const normalised = (code: string) => code.trim().toUpperCase();

/**
 * A guardian's rights over the candidate's data, each proved by a code sent to the guardian's
 * mobile (`POST /api/consent/{code}/otp` with the action): withdraw consent (the data is erased),
 * or open a 15-minute session to download the data (JSON, PDF) and ask for a correction or erasure.
 */
@ApiTags('consent')
@Controller('consent')
export class GuardianRightsController {
  constructor(
    private readonly withdrawConsent: WithdrawConsentUseCase,
    private readonly startSession: StartGuardianSessionUseCase,
    private readonly dataExport: CandidateDataExportUseCase,
    private readonly pdf: DocumentsPdfClient,
    private readonly dataRequests: FileDataRequestUseCase,
    @Inject(GUARDIAN_SESSIONS) private readonly sessions: GuardianSessions,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectConfig() private readonly config: RegistrationConfig,
  ) {}

  @Post(':candidateCode/withdraw')
  @HttpCode(200)
  @RateLimited('consent')
  @ApiOperation({ summary: "Withdraw parental consent with a withdrawal code (action `withdrawal`): the candidate's photo, signature, personal details and documents are erased." })
  @ApiParam({ name: 'candidateCode', example: 'KBE123456K7Q' })
  @ApiOkResponse({ description: '{ success, message, data: { candidateCode, status: "withdrawn", withdrawnAt, erasure: "done" | "under-way" } }' })
  @ApiBadRequestResponse({ description: 'The code is not correct (with the tries left), or no tries are left.' })
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  @ApiConflictResponse({ description: 'Consent has already been withdrawn.' })
  @ApiGoneResponse({ description: 'The code has expired, or no code is waiting.' })
  async withdraw(
    @Param('candidateCode', candidateCodeParam) candidateCode: string,
    @Body(new ZodValidationPipe(guardianOtpSchema)) body: { otp: string },
    @Req() request: ForwardedRequest,
  ) {
    const data = await this.withdrawConsent.execute(normalised(candidateCode), body.otp, clientAddress(request, this.config.TRUSTED_PROXY_HOPS));
    return { success: true, message: data.erasure === 'done' ? DATA_RIGHTS_MESSAGES.withdrawn : DATA_RIGHTS_MESSAGES.withdrawnUnderWay, data };
  }

  @Post(':candidateCode/session')
  @HttpCode(200)
  @RateLimited('consent')
  @ApiOperation({ summary: 'Confirm a data-request code (action `data-request`): answers a bearer token for 15 minutes of the calls below.' })
  @ApiParam({ name: 'candidateCode', example: 'KBE123456K7Q' })
  @ApiOkResponse({ description: '{ success, message, data: { token, expiresAt } }' })
  @ApiBadRequestResponse({ description: 'The code is not correct, or no tries are left.' })
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  @ApiConflictResponse({ description: 'Consent has been withdrawn and the data erased: nothing to see.' })
  @ApiGoneResponse({ description: 'The code has expired, or no code is waiting.' })
  async session(@Param('candidateCode', candidateCodeParam) candidateCode: string, @Body(new ZodValidationPipe(guardianOtpSchema)) body: { otp: string }) {
    return { success: true, message: DATA_RIGHTS_MESSAGES.sessionStarted, data: await this.startSession.execute(normalised(candidateCode), body.otp) };
  }

  @Get(':candidateCode/data')
  @RateLimited('consent')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Everything held about the candidate, as a JSON file (recorded as an access request).' })
  @ApiParam({ name: 'candidateCode', example: 'KBE123456K7Q' })
  @ApiOkResponse({ description: 'CandidateDataExport (attachment kbe-data-<code>.json)' })
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  @ApiUnauthorizedResponse({ description: 'No session, or it has ended.' })
  async data(@Param('candidateCode', candidateCodeParam) candidateCode: string, @Headers('authorization') authorization: string | undefined, @Res() response: Response) {
    const code = this.authorised(candidateCode, authorization);
    const data = await this.dataExport.build(code);
    await this.dataRequests.recordAccess(code, 'JSON');
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Content-Disposition', `attachment; filename="kbe-data-${code}.json"`);
    response.type('application/json').send(JSON.stringify(data, null, 2));
  }

  @Get(':candidateCode/data.pdf')
  @RateLimited('consent')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The same data as a readable PDF (recorded as an access request).' })
  @ApiParam({ name: 'candidateCode', example: 'KBE123456K7Q' })
  @ApiOkResponse({ description: 'application/pdf (attachment kbe-data-<code>.pdf)' })
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  @ApiUnauthorizedResponse({ description: 'No session, or it has ended.' })
  @ApiServiceUnavailableResponse({ description: 'The PDF could not be made just now.' })
  async dataPdf(@Param('candidateCode', candidateCodeParam) candidateCode: string, @Headers('authorization') authorization: string | undefined, @Res() response: Response) {
    const code = this.authorised(candidateCode, authorization);
    const pdf = await this.pdf.dataExportPdf(await this.dataExport.build(code));
    await this.dataRequests.recordAccess(code, 'PDF');
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Content-Disposition', `attachment; filename="kbe-data-${code}.pdf"`);
    response.type('application/pdf').send(pdf);
  }

  @Get(':candidateCode/requests')
  @RateLimited('consent')
  @ApiBearerAuth()
  @ApiOperation({ summary: "The candidate's data requests, newest first." })
  @ApiParam({ name: 'candidateCode', example: 'KBE123456K7Q' })
  @ApiOkResponse({ description: '{ success, data: DataRequestView[] }' })
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  @ApiUnauthorizedResponse({ description: 'No session, or it has ended.' })
  async requests(@Param('candidateCode', candidateCodeParam) candidateCode: string, @Headers('authorization') authorization: string | undefined) {
    return { success: true, data: await this.dataRequests.list(this.authorised(candidateCode, authorization)) };
  }

  @Post(':candidateCode/requests')
  @RateLimited('consent')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Ask for a correction (what is wrong and what it should say) or an erasure; the organisers answer within 90 days.' })
  @ApiParam({ name: 'candidateCode', example: 'KBE123456K7Q' })
  @ApiCreatedResponse({ description: '{ success, message, data: DataRequestView }' })
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  @ApiBadRequestResponse({ description: 'kind must be correction or erasure; the details are 10 to 2000 characters for a correction.' })
  @ApiConflictResponse({ description: 'A request of this kind is already open.' })
  @ApiUnauthorizedResponse({ description: 'No session, or it has ended.' })
  async fileRequest(
    @Param('candidateCode', candidateCodeParam) candidateCode: string,
    @Headers('authorization') authorization: string | undefined,
    @Body(new ZodValidationPipe(dataRequestInputSchema)) body: DataRequestInputParsed,
  ) {
    const data = await this.dataRequests.file(this.authorised(candidateCode, authorization), body);
    return { success: true, message: requestRecordedMessage(new Date(data.dueAt)), data };
  }

  /** The candidate code when the bearer token is a live session for it; 401 otherwise. */
  private authorised(candidateCode: string, authorization: string | undefined): string {
    const code = normalised(candidateCode);
    const check = this.sessions.check(bearerToken(authorization), code, this.clock.now());
    if (check === 'expired') throw new UnauthorizedException(DATA_RIGHTS_MESSAGES.sessionExpired);
    if (check === 'missing') throw new UnauthorizedException(DATA_RIGHTS_MESSAGES.sessionRequired);
    return code;
  }
}
