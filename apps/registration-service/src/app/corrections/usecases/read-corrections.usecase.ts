import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CORRECTION_MESSAGES, type CorrectionList, type CorrectionListQuery, type CorrectionQueue, type CorrectionQueueQuery, type CorrectionView } from '@kbe/contracts';
import { portalScopeOf, type PortalPrincipal } from '../../portal/portal-session';
import { CORRECTION_REQUEST_STORE, type CorrectionRequestStore } from '../correction-request.store';
import { correctionViewOf } from '../correction-view';

/** The requests a school (every one about its pupils) or a mentor (about their own) sees, and the admin queue. */
@Injectable()
export class ReadCorrectionsUseCase {
  constructor(@Inject(CORRECTION_REQUEST_STORE) private readonly store: CorrectionRequestStore) {}

  async ofPortal(principal: Pick<PortalPrincipal, 'role' | 'code' | 'schoolCode'>, query: CorrectionListQuery): Promise<CorrectionList> {
    const found = await this.store.ofScope(portalScopeOf(principal), query.page, query.limit);
    return { items: found.items.map((record) => correctionViewOf(record, 'portal')), page: query.page, limit: query.limit, total: found.total };
  }

  async queue(query: CorrectionQueueQuery): Promise<CorrectionQueue> {
    const found = await this.store.queue(query.status, query.page, query.limit);
    return { items: found.items.map((record) => correctionViewOf(record, 'admin')), page: query.page, limit: query.limit, total: found.total, open: found.open };
  }

  async get(id: string): Promise<CorrectionView> {
    const found = await this.store.find(id);
    if (!found) throw new NotFoundException(CORRECTION_MESSAGES.notFound);
    return correctionViewOf(found, 'admin');
  }
}
