import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import {
  CONSENT_MESSAGES,
  consentConfirmationSchema,
  consentNoticeQuerySchema,
  guardianOtpRequestSchema,
  type ConsentNotice,
  type GuardianOtpAction,
  type ConsentNoticeQuery,
} from '@kbe/contracts';
import { InjectConfig } from '@kbe/server-config';
import { clientAddress, ZodValidationPipe, type ForwardedRequest } from '@kbe/server-bootstrap';
import type { Response } from 'express';
import { registrationNumberSchema } from '../candidates/candidate.requests';
import { RateLimited } from '../common/rate-limit';
import type { RegistrationConfig } from '../registration.config';
import { RetryLaterException } from './consent-errors';
import { ConsentNotices } from './notice/consent-notices';
import { ConfirmConsentUseCase } from './usecases/confirm-consent.usecase';
import { SendGuardianOtpUseCase } from './usecases/send-guardian-otp.usecase';

const candidateCodeParam = new ZodValidationPipe(registrationNumberSchema);

/**
 * Parental consent of a candidate (every candidate is a minor): the notice, a code by SMS to the
 * guardian, and the guardian's confirmation. Public, rate limited per address and per candidate.
 */
@ApiTags('consent')
@Controller('consent')
export class ConsentController {
  constructor(
    private readonly notices: ConsentNotices,
    private readonly sendOtp: SendGuardianOtpUseCase,
    private readonly confirmConsent: ConfirmConsentUseCase,
    @InjectConfig() private readonly config: RegistrationConfig,
  ) {}

  @Get('notice')
  @RateLimited('consent')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({
    summary:
      'The current parental-consent notice in English, Marathi or Hindi: every item of data with its purpose and retention, how to withdraw consent, exercise rights and complain.',
  })
  @ApiOkResponse({ description: '{ version, lang, html }' })
  @ApiBadRequestResponse({ description: 'lang must be en, mr or hi' })
  notice(@Query(new ZodValidationPipe(consentNoticeQuerySchema)) query: ConsentNoticeQuery): ConsentNotice {
    return this.notices.notice(query.lang);
  }

  @Post(':candidateCode/otp')
  @HttpCode(200)
  @RateLimited('consent')
  @ApiOperation({
    summary:
      "Send a 6-digit code by SMS to the candidate's parent or guardian (valid 10 minutes; another after 30 s; 5 a day per number) for one action: `consent` (an empty body), `withdrawal` or `data-request`.",
  })
  @ApiParam({ name: 'candidateCode', example: 'KBE123456K7Q' })
  @ApiOkResponse({ description: '{ success, message, data: { maskedPhoneNumber: "******1234", expiresAt, resendAfterSeconds } }' })
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  @ApiConflictResponse({ description: 'Consent already given (action consent), or withdrawn (every action).' })
  @ApiBadRequestResponse({ description: 'action must be consent, withdrawal or data-request' })
  @ApiServiceUnavailableResponse({ description: 'The code could not be sent. Please try again in a moment.' })
  @ApiTooManyRequestsResponse({ description: 'A code was sent less than 30 s ago, or 5 were sent to the number today; the message and Retry-After say when to ask again.' })
  async otp(
    @Param('candidateCode', candidateCodeParam) candidateCode: string,
    @Body(new ZodValidationPipe(guardianOtpRequestSchema)) body: { action: GuardianOtpAction },
    @Res({ passthrough: true }) response: Response,
  ) {
    try {
      return { success: true, message: CONSENT_MESSAGES.otpSent, data: await this.sendOtp.execute(candidateCode.trim().toUpperCase(), body.action) };
    } catch (error) {
      if (error instanceof RetryLaterException) response.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }

  @Post(':candidateCode/confirm')
  @HttpCode(200)
  @RateLimited('consent')
  @ApiOperation({
    summary:
      'The parent or guardian gives consent with the SMS code, the version and language of the notice read, and the declaration of being the adult parent or lawful guardian.',
  })
  @ApiParam({ name: 'candidateCode', example: 'KBE123456K7Q' })
  @ApiOkResponse({ description: '{ success, message, data: { candidateCode, status: "given", givenAt, noticeVersion } }' })
  @ApiBadRequestResponse({ description: 'The code is not correct (with the tries left), no tries left, or a field is missing (the declaration among them).' })
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  @ApiConflictResponse({ description: 'Consent already given, or the notice has changed since it was read.' })
  @ApiGoneResponse({ description: 'The code has expired, or no code is waiting: ask for a new code.' })
  async confirm(
    @Param('candidateCode', candidateCodeParam) candidateCode: string,
    @Body(new ZodValidationPipe(consentConfirmationSchema)) body: { otp: string; noticeVersion: string; lang: 'en' | 'mr' | 'hi'; declaration: true },
    @Req() request: ForwardedRequest,
  ) {
    const data = await this.confirmConsent.execute({
      candidateCode: candidateCode.trim().toUpperCase(),
      confirmation: body,
      clientAddress: clientAddress(request, this.config.TRUSTED_PROXY_HOPS),
    });
    return { success: true, message: CONSENT_MESSAGES.given, data };
  }
}
