import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ADMIN_MESSAGES, auditQuerySchema, type AuditListResponse } from '@kbe/contracts';
import { AdminOnly } from '@kbe/server-auth';
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
