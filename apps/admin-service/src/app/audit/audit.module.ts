import { DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AUDIT_ENTRY_REPOSITORY, MongoAuditEntryRepository } from './audit-entry.repository';
import {
  AuditCounterDocument,
  AuditCounterSchema,
  AuditEntryDocument,
  AuditEntrySchema,
  AuditPostingDocument,
  AuditPostingSchema,
} from './audit-entry.schema';
import { AUDIT_OPTIONS, AuditLog, type AuditOptions } from './audit-log';
import { AuditController, InternalAuditController } from './audit.controller';

/** The audit log: written by every admin change, read at `GET /api/admin/audit`. Global. */
@Module({})
export class AuditModule {
  static forRoot(options: AuditOptions): DynamicModule {
    return {
      module: AuditModule,
      global: true,
      imports: [
        MongooseModule.forFeature([
          { name: AuditEntryDocument.name, schema: AuditEntrySchema },
          { name: AuditPostingDocument.name, schema: AuditPostingSchema },
          { name: AuditCounterDocument.name, schema: AuditCounterSchema },
        ]),
      ],
      controllers: [AuditController, InternalAuditController],
      providers: [{ provide: AUDIT_OPTIONS, useValue: options }, { provide: AUDIT_ENTRY_REPOSITORY, useClass: MongoAuditEntryRepository }, AuditLog],
      exports: [AuditLog],
    };
  }
}
