import { Inject, Injectable } from '@nestjs/common';
import {
  dataRequestQueueResponseSchema,
  dataRequestViewResponseSchema,
  REGISTRATION_INTERNAL_PATHS,
  retentionReportResponseSchema,
  type DataRequestQueue,
  type DataRequestQueueQuery,
  type DataRequestResolution,
  type DataRequestView,
  type RetentionReport,
  type RetentionResultsDate,
} from '@kbe/contracts';
import type { AuthenticatedAdmin } from '@kbe/server-auth';
import { AuditLog, type RequestOrigin } from '../audit/audit-log';
import { REGISTRATION_CLIENT, type RegistrationClient } from '../common/registration.client';

/**
 * Guardians' data requests and the retention purge (issue 25, DPDP Act): registration-service
 * owns the data; this reads it through the internal API and records every admin decision in the
 * audit log, without personal data or the admin's note.
 */
@Injectable()
export class PrivacyUseCase {
  constructor(
    @Inject(REGISTRATION_CLIENT) private readonly registration: RegistrationClient,
    private readonly audit: AuditLog,
  ) {}

  async queue(query: DataRequestQueueQuery): Promise<DataRequestQueue> {
    return (await this.registration.get(REGISTRATION_INTERNAL_PATHS.dataRequests, { ...query }, dataRequestQueueResponseSchema)).data;
  }

  /** Answers a request; `done` on an erasure request erases the candidate (registration-service does it). */
  async resolve(admin: AuthenticatedAdmin, origin: RequestOrigin, id: string, resolution: DataRequestResolution): Promise<DataRequestView> {
    const request = (
      await this.registration.send(
        'POST',
        REGISTRATION_INTERNAL_PATHS.dataRequestResolve(id),
        { body: { outcome: resolution.outcome, note: resolution.note, handledBy: admin.username } },
        dataRequestViewResponseSchema,
      )
    ).data;
    await this.audit.record(admin, origin, {
      action: 'data-request.resolve',
      target: { type: 'data-request', id: request.id },
      details: { kind: request.kind, outcome: resolution.outcome, candidateCode: request.candidateCode },
    });
    return request;
  }

  async retention(): Promise<RetentionReport> {
    return (await this.registration.get(REGISTRATION_INTERNAL_PATHS.retention, undefined, retentionReportResponseSchema)).data;
  }

  async setResultsDate(admin: AuthenticatedAdmin, origin: RequestOrigin, input: RetentionResultsDate): Promise<RetentionReport> {
    const report = (
      await this.registration.send(
        'PUT',
        REGISTRATION_INTERNAL_PATHS.retentionResultsDate,
        { body: { resultsPublishedOn: input.resultsPublishedOn } },
        retentionReportResponseSchema,
      )
    ).data;
    await this.audit.record(admin, origin, {
      action: 'retention.results-date',
      target: { type: 'edition', id: String(report.editionYear) },
      details: { resultsPublishedOn: report.resultsPublishedOn, purgeDueOn: report.purgeDueOn },
    });
    return report;
  }
}
