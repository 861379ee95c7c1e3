import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditEntryDocument, AuditEntrySchema } from './audit-entry.schema';
import { AUDIT_LOG, MongoAuditLog } from './audit-log';

/** exams-service's audit log (`audit_entries`). */
@Module({
  imports: [MongooseModule.forFeature([{ name: AuditEntryDocument.name, schema: AuditEntrySchema }])],
  providers: [{ provide: AUDIT_LOG, useClass: MongoAuditLog }],
  exports: [AUDIT_LOG],
})
export class AuditModule {}
