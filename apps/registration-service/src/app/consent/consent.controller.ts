import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { consentNoticeQuerySchema, type ConsentNotice, type ConsentNoticeQuery } from '@kbe/contracts';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { RateLimited } from '../common/rate-limit';
import { ConsentNotices } from './notice/consent-notices';

/** Parental consent of a candidate (every candidate is a minor): the notice. */
@ApiTags('consent')
@Controller('consent')
export class ConsentController {
  constructor(private readonly notices: ConsentNotices) {}

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
}
