import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { portalLoginRequestSchema, portalOtpRequestSchema, type PortalLoginRequestParsed, type PortalOtpRequestParsed } from '@kbe/contracts';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import type { Response } from 'express';
import { RateLimited } from '../common/rate-limit';
import { RetryLaterException } from '../consent/consent-errors';
import { CurrentPortalUser, PortalSignedIn } from './portal-session.guard';
import type { PortalPrincipal } from './portal-session';
import { EndPortalSessionUseCase } from './usecases/end-portal-session.usecase';
import { SendPortalOtpUseCase } from './usecases/send-portal-otp.usecase';
import { StartPortalSessionUseCase } from './usecases/start-portal-session.usecase';

/**
 * Sign-in to the school and mentor portal: a code by SMS to the school's or mentor's registered
 * mobile, then a session token (PORTAL_SESSION_MINUTES) for the portal's other calls; logout ends
 * it at once. Rate limited per client address.
 */
@ApiTags('portal')
@Controller('portal')
export class PortalSignInController {
  constructor(
    private readonly sendOtp: SendPortalOtpUseCase,
    private readonly startSession: StartPortalSessionUseCase,
    private readonly endSession: EndPortalSessionUseCase,
  ) {}

  @Post('otp')
  @HttpCode(200)
  @RateLimited('portal')
  @ApiOperation({
    summary:
      "Send a 6-digit sign-in code by SMS to the school's registered contact number (school code) or the mentor's mobile (mentor code); valid 10 minutes, another after 30 s, 5 a day per number.",
  })
  @ApiOkResponse({ description: '{ success, data: { role, maskedNumber: "******3210", expiresAt, resendAt } }' })
  @ApiBadRequestResponse({ description: 'The code is missing or is not a school code (SCH-7KQ2XM) or mentor code (MEN-4HT9PA).' })
  @ApiNotFoundResponse({ description: 'No school or mentor is registered with this code.' })
  @ApiForbiddenResponse({ description: 'The mentor code is not active.' })
  @ApiServiceUnavailableResponse({ description: 'The code could not be sent. Please try again in a moment.' })
  @ApiTooManyRequestsResponse({ description: 'A code was sent less than 30 s ago, or 5 were sent to the number today; Retry-After says when to ask again.' })
  async otp(@Body(new ZodValidationPipe(portalOtpRequestSchema)) body: PortalOtpRequestParsed, @Res({ passthrough: true }) response: Response) {
    try {
      return { success: true, data: await this.sendOtp.execute(body.code) };
    } catch (error) {
      if (error instanceof RetryLaterException) response.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }

  @Post('login')
  @HttpCode(200)
  @RateLimited('portal')
  @ApiOperation({ summary: 'Sign in with the code from the SMS: a bearer token for the portal, scoped to the school or mentor, for 60 minutes.' })
  @ApiOkResponse({ description: '{ success, data: { token, expiresAt, role: "school" | "mentor", code, name } }' })
  @ApiBadRequestResponse({ description: 'A field is missing or malformed, the code is not right, or no tries are left.' })
  @ApiNotFoundResponse({ description: 'No school or mentor is registered with this code.' })
  @ApiForbiddenResponse({ description: 'The mentor code is not active.' })
  @ApiGoneResponse({ description: 'The code has expired, or none was asked for.' })
  async login(@Body(new ZodValidationPipe(portalLoginRequestSchema)) body: PortalLoginRequestParsed) {
    return { success: true, data: await this.startSession.execute(body.code, body.otp) };
  }

  @Post('logout')
  @HttpCode(204)
  @PortalSignedIn()
  @ApiOperation({ summary: 'End the session: its token is refused from now on.' })
  @ApiNoContentResponse({ description: 'Signed out.' })
  async logout(@CurrentPortalUser() principal: PortalPrincipal): Promise<void> {
    await this.endSession.execute(principal);
  }
}
