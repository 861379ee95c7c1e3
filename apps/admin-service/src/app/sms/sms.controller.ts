import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiExcludeController, ApiTags } from '@nestjs/swagger';
import {
  ADMIN_MESSAGES,
  smsCampaignCountsSchema,
  smsHistoryQuerySchema,
  smsSendBulkSchema,
  smsSendSchema,
  smsSendTemplateSchema,
  type SmsCampaignCounts,
  type SmsHistoryResponse,
  type SmsRecipientGroupsResponse,
  type SmsSendResponse,
  type SmsTemplatesResponse,
} from '@kbe/contracts';
import { AdminOnly, CurrentAdmin, InternalOnly, type AuthenticatedAdmin } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import type { z } from 'zod';
import type { RequestOrigin } from '../audit/audit-log';
import { SMS_CAMPAIGN_REPOSITORY, type SmsCampaignRepository } from './sms-campaign.repository';
import { SendSmsUseCase } from './send-sms.usecase';

@ApiTags('sms')
@Controller('sms')
@AdminOnly({ missingTokenMessage: ADMIN_MESSAGES.noTokenSms })
export class SmsController {
  constructor(private readonly sms: SendSmsUseCase) {}

  @Post('send')
  @HttpCode(200)
  async send(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Body(new ZodValidationPipe(smsSendSchema)) body: z.output<typeof smsSendSchema>,
  ): Promise<SmsSendResponse> {
    return { success: true, ...(await this.sms.sendOne(admin, origin, body.phoneNumber, body.message, body.messageType)) };
  }

  @Post('send-bulk')
  @HttpCode(200)
  async sendBulk(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Body(new ZodValidationPipe(smsSendBulkSchema)) body: z.output<typeof smsSendBulkSchema>,
  ): Promise<SmsSendResponse> {
    return { success: true, ...(await this.sms.sendToGroup(admin, origin, body.recipients, body.message, body.messageType)) };
  }

  @Post('send-template')
  @HttpCode(200)
  async sendTemplate(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Body(new ZodValidationPipe(smsSendTemplateSchema)) body: z.output<typeof smsSendTemplateSchema>,
  ): Promise<SmsSendResponse> {
    return { success: true, ...(await this.sms.sendTemplate(admin, origin, body.recipients, body.template)) };
  }

  /** Latest campaigns first (default 5). */
  @Get('history')
  async history(@Query(new ZodValidationPipe(smsHistoryQuerySchema)) query: z.output<typeof smsHistoryQuerySchema>): Promise<SmsHistoryResponse> {
    return { success: true, message: 'SMS history', data: await this.sms.history(query.page ?? 1, query.limit ?? 5) };
  }

  @Get('recipient-groups')
  async groups(): Promise<SmsRecipientGroupsResponse> {
    return { success: true, message: 'Recipient groups', data: { groups: await this.sms.groupSizes() } };
  }

  /** The templates as they are sent: the portal address filled in, `{candidateCode}` per recipient. */
  @Get('templates')
  templates(): SmsTemplatesResponse {
    return { success: true, message: 'SMS templates', data: { templates: this.sms.templates() } };
  }
}

/** notifications-service reports a campaign's delivered/failed/queued totals here (`x-internal-token`). */
@ApiExcludeController()
@Controller('internal/sms/campaigns')
@InternalOnly()
export class InternalSmsController {
  constructor(@Inject(SMS_CAMPAIGN_REPOSITORY) private readonly campaigns: SmsCampaignRepository) {}

  @Patch(':id/counts')
  async counts(@Param('id') id: string, @Body(new ZodValidationPipe(smsCampaignCountsSchema)) body: SmsCampaignCounts) {
    if (!(await this.campaigns.setCounts(id, body))) throw new NotFoundException(ADMIN_MESSAGES.campaignNotFound);
    return { success: true, message: 'Counts saved', data: body };
  }
}
