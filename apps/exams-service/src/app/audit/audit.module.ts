import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { InternalHttpClient } from '@kbe/server-auth';
import { APP_CONFIG } from '@kbe/server-config';
import type { ExamsConfig } from '../exams.config';
import { ADMIN_AUDIT_CLIENT, HttpAdminAuditClient } from './admin-audit.client';
import { AuditEntryDocument, AuditEntrySchema } from './audit-entry.schema';
import { AuditForwarder } from './audit-forwarder';
import { AUDIT_LOG, MongoAuditLog } from './audit-log';

/** exams-service's audit log (`audit_entries`), copied to admin-service's. */
@Module({
  imports: [MongooseModule.forFeature([{ name: AuditEntryDocument.name, schema: AuditEntrySchema }])],
  providers: [
    { provide: AUDIT_LOG, useClass: MongoAuditLog },
    {
      provide: ADMIN_AUDIT_CLIENT,
      inject: [APP_CONFIG],
      useFactory: (config: ExamsConfig) =>
        config.ADMIN_SERVICE_URL ? new HttpAdminAuditClient(new InternalHttpClient({ baseUrl: config.ADMIN_SERVICE_URL, internalToken: config.INTERNAL_API_TOKEN })) : null,
    },
    AuditForwarder,
  ],
  exports: [AUDIT_LOG],
})
export class AuditModule {}
