import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiExcludeController, ApiTags } from '@nestjs/swagger';
import { ADMIN_MESSAGES, auditQuerySchema, erasureAuditSchema, type AuditListResponse, type ErasureAudit } from '@kbe/contracts';
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

/** registration-service records here the erasures it carried out (`x-internal-token`). */
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
}
