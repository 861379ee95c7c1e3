import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiExcludeController, ApiTags } from '@nestjs/swagger';
import {
  ADMIN_MESSAGES,
  auditQuerySchema,
  erasureAuditSchema,
  serviceAuditEntriesSchema,
  type AuditListResponse,
  type ErasureAudit,
  type ServiceAuditEntries,
} from '@kbe/contracts';
import { AdminOnly, InternalOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import type { z } from 'zod';
import { AuditLog } from './audit-log';

@ApiTags('admin')
@Controller('admin/audit')
@AdminOnly({ missingTokenMessage: ADMIN_MESSAGES.noTokenLists })
export class AuditController {
  constructor(private readonly audit: AuditLog) {}

  /** Who changed what, when, from which address; newest first. */
  @Get()
  async list(@Query(new ZodValidationPipe(auditQuerySchema)) query: z.output<typeof auditQuerySchema>): Promise<AuditListResponse> {
    return { success: true, message: 'Audit log', data: await this.audit.list(query) };
  }
}

/** Other services record here (`x-internal-token`): registration-service its erasures, exams-service its audited writes. */
@ApiExcludeController()
@Controller('internal/audit')
@InternalOnly()
export class InternalAuditController {
  constructor(private readonly audit: AuditLog) {}

  @Post('erasures')
  @HttpCode(204)
  async erasures(@Body(new ZodValidationPipe(erasureAuditSchema)) body: ErasureAudit): Promise<void> {
    await this.audit.recordErasures(body);
  }

  @Post('entries')
  @HttpCode(204)
  async entries(@Body(new ZodValidationPipe(serviceAuditEntriesSchema)) body: ServiceAuditEntries): Promise<void> {
    await this.audit.recordEntries(body);
  }
}
