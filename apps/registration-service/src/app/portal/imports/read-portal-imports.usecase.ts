import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { PORTAL_IMPORT_ID_PATTERN, PORTAL_IMPORT_MESSAGES, type PortalImportJob, type PortalImportList, type PortalImportSummary } from '@kbe/contracts';
import { pageRequest, paginationOf } from '../../common/pagination';
import type { PortalPrincipal } from '../portal-session';
import { PORTAL_IMPORT_STORE, type PortalImportRecord, type PortalImportStore } from './portal-import.store';

export function toPortalImportSummary(job: PortalImportRecord): PortalImportSummary {
  return {
    id: job.id,
    dryRun: job.dryRun,
    status: job.status,
    fileName: job.fileName,
    total: job.total,
    processed: job.processed,
    registered: job.registered,
    alreadyRegistered: job.alreadyRegistered,
    failed: job.failed,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt ? job.finishedAt.toISOString() : null,
  };
}

export function toPortalImportJob(job: PortalImportRecord): PortalImportJob {
  return { ...toPortalImportSummary(job), rows: job.rows };
}

/** A school's or mentor's own imports: one by id (another's is as unknown as a made-up id), or the newest first. */
@Injectable()
export class ReadPortalImportsUseCase {
  constructor(@Inject(PORTAL_IMPORT_STORE) private readonly store: PortalImportStore) {}

  async one(principal: Pick<PortalPrincipal, 'code'>, id: string): Promise<PortalImportJob> {
    const job = PORTAL_IMPORT_ID_PATTERN.test(id) ? await this.store.findOwned(id, principal.code) : null;
    if (!job) throw new NotFoundException(PORTAL_IMPORT_MESSAGES.notFound);
    return toPortalImportJob(job);
  }

  async list(principal: Pick<PortalPrincipal, 'code'>, query: { page?: number; limit?: number }): Promise<PortalImportList> {
    const page = pageRequest(query);
    const { items, total } = await this.store.listOwned(principal.code, page);
    return { imports: items.map(toPortalImportSummary), pagination: paginationOf(page, total) };
  }
}
