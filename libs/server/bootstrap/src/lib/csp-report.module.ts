import { Body, Controller, DynamicModule, HttpCode, HttpException, HttpStatus, Inject, Logger, Module, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { cspReportBody, FixedWindowLimiter, summarizeCspReport, type CspReportBody } from './csp-report';
import { ZodValidationPipe } from './zod-validation.pipe';

/** Where browsers send CSP violations (the policy's report-uri / report-to, tools/security). */
export const CSP_REPORT_PATH = 'csp-report';
const CSP_REPORT_LIMITER = Symbol('CSP_REPORT_LIMITER');

export interface CspReportOptions {
  /** Reports logged per window for the whole service; beyond it 429 with Retry-After. */
  limit?: number;
  windowMs?: number;
}

@ApiExcludeController()
@Controller(CSP_REPORT_PATH)
export class CspReportController {
  private readonly logger = new Logger('CspReport');

  constructor(@Inject(CSP_REPORT_LIMITER) private readonly limiter: FixedWindowLimiter) {}

  @Post()
  @HttpCode(HttpStatus.NO_CONTENT)
  receive(@Body(new ZodValidationPipe(cspReportBody)) report: CspReportBody, @Res({ passthrough: true }) response: Response): void {
    const allowed = this.limiter.take();
    if (allowed !== true) {
      response.setHeader('Retry-After', String(allowed));
      throw new HttpException('Too many CSP reports. Please wait a moment.', HttpStatus.TOO_MANY_REQUESTS);
    }
    for (const violation of summarizeCspReport(report)) {
      this.logger.warn(`Content-Security-Policy violation ${JSON.stringify(violation)}`);
    }
  }
}

/** POST /api/csp-report: logs each violation (no personal data), rate limited. */
@Module({})
export class CspReportModule {
  static forRoot(options: CspReportOptions = {}): DynamicModule {
    return {
      module: CspReportModule,
      controllers: [CspReportController],
      providers: [{ provide: CSP_REPORT_LIMITER, useValue: new FixedWindowLimiter(options.limit ?? 60, options.windowMs ?? 60_000) }],
    };
  }
}
