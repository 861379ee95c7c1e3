import { Body, Controller, Get, HttpCode, Param, Post, Query, Headers, UnauthorizedException } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { countOf } from '@kbe/contracts';
import { AdminOnly } from '@kbe/server-auth';
import { InjectConfig } from '@kbe/server-config';
import { ApiKeySecurity, ZodValidationPipe } from '@kbe/server-bootstrap';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { NotificationsConfig } from '../notifications.config';
import { CampaignStatsReporter } from './campaigns/campaign-stats.reporter';
import { CampaignStatsUseCase } from './campaigns/campaign-stats.usecase';
import { deliveryReportBodySchema, finalReports } from './delivery/delivery-report';
import { DeliveryRepository } from './delivery/delivery.repository';

const campaignIdParam = z.string().trim().min(1, { error: 'campaign id is required' }).max(200, { error: 'campaign id is too long' });
const redriveBody = z.strictObject({ campaignId: campaignIdParam.optional() }, { error: 'body must be an object' });

/** Admin views of SMS delivery, and the provider's delivery-report webhook. */
@ApiTags('notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(
    private readonly stats: CampaignStatsUseCase,
    private readonly deliveries: DeliveryRepository,
    private readonly reporter: CampaignStatsReporter,
    @InjectConfig() private readonly config: NotificationsConfig,
  ) {}

  @Get('campaigns/:id')
  @AdminOnly()
  @ApiOperation({ summary: 'Live counts of one SMS campaign: queued, sent, delivered, failed by reason.' })
  @ApiNotFoundResponse({ description: 'No SMS campaign with this id.' })
  async campaign(@Param('id', new ZodValidationPipe(campaignIdParam)) id: string) {
    return { success: true, data: await this.stats.execute(id) };
  }

  @Post('dead-letters/redrive')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Sends the dead letters (of one campaign, or all) again.' })
  async redrive(@Body(new ZodValidationPipe(redriveBody)) body: z.output<typeof redriveBody>) {
    const campaigns = await this.deliveries.redriveDead(body.campaignId);
    this.reporter.markChanged(campaigns);
    return { success: true, message: `Dead letters of ${countOf(campaigns.length, 'campaign')} queued again`, data: { campaigns } };
  }

  @Post('delivery-reports')
  @HttpCode(200)
  @ApiKeySecurity({
    webhookToken: { in: 'header', name: 'x-webhook-token', description: 'SMS_WEBHOOK_TOKEN, as MSG91 is configured to send it.' },
    webhookTokenQuery: { in: 'query', name: 'token', description: 'SMS_WEBHOOK_TOKEN in the URL, for providers that cannot set a header.' },
  })
  @ApiOperation({ summary: 'MSG91 delivery-report webhook (token in ?token= or x-webhook-token).' })
  async deliveryReports(
    @Query('token') queryToken: string | undefined,
    @Headers('x-webhook-token') headerToken: string | undefined,
    @Body(new ZodValidationPipe(deliveryReportBodySchema)) body: z.output<typeof deliveryReportBodySchema>,
  ) {
    this.checkWebhookToken(headerToken ?? queryToken);
    const changed = new Set<string>();
    let updated = 0;
    for (const report of finalReports(body)) {
      const campaignId = await this.deliveries.recordDeliveryReport(report.providerMessageId, report.number, report.status, report.reason);
      if (campaignId) {
        updated += 1;
        changed.add(campaignId);
      }
    }
    this.reporter.markChanged(changed);
    return { success: true, data: { updated } };
  }

  private checkWebhookToken(given: string | undefined): void {
    const expected = this.config.SMS_WEBHOOK_TOKEN;
    const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
    if (!expected || typeof given !== 'string' || !timingSafeEqual(digest(given), digest(expected))) {
      throw new UnauthorizedException('Delivery report token required');
    }
  }
}
