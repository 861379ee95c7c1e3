import {
  correctionId,
  type CorrectionDecision,
  type CorrectionPage,
  type CorrectionRecord,
  type CorrectionRequestStore,
  type NewCorrection,
} from './correction-request.store';

/** The store's rules in memory, for unit tests: one open request per candidate, numbered ids. */
export class MemoryCorrectionRequestStore implements CorrectionRequestStore {
  readonly records = new Map<string, CorrectionRecord>();
  private seq = 0;

  async create(request: NewCorrection): Promise<CorrectionRecord | 'open-request'> {
    if ([...this.records.values()].some((record) => record.candidateCode === request.candidateCode && record.status === 'open')) return 'open-request';
    const record: CorrectionRecord = { id: correctionId(++this.seq), ...request, status: 'open', decidedAt: null, decidedBy: null, reason: null };
    this.records.set(record.id, record);
    return { ...record };
  }

  async find(id: string): Promise<CorrectionRecord | null> {
    const found = this.records.get(id);
    return found ? { ...found } : null;
  }

  async decide(id: string, decision: CorrectionDecision): Promise<CorrectionRecord | null> {
    const found = this.records.get(id);
    if (!found || found.status !== 'open') return null;
    Object.assign(found, decision);
    return { ...found };
  }

  async reopen(id: string): Promise<boolean> {
    const found = this.records.get(id);
    if (!found || found.status === 'open') return false;
    Object.assign(found, { status: 'open', decidedAt: null, decidedBy: null, reason: null });
    return true;
  }

  async ofScope(scope: { schoolCode: string; mentorCode?: string }, page: number, limit: number): Promise<CorrectionPage> {
    const mine = [...this.records.values()]
      .filter((record) => record.schoolCode === scope.schoolCode && (!scope.mentorCode || record.mentorCode === scope.mentorCode))
      .reverse();
    return { items: mine.slice((page - 1) * limit, page * limit), total: mine.length };
  }

  async queue(status: 'open' | 'closed' | 'all', page: number, limit: number): Promise<CorrectionPage & { open: number }> {
    const all = [...this.records.values()];
    const open = all.filter((record) => record.status === 'open');
    const closed = all.filter((record) => record.status !== 'open').reverse();
    const listed = status === 'open' ? open : status === 'closed' ? closed : [...open, ...closed];
    return { items: listed.slice((page - 1) * limit, page * limit), total: listed.length, open: open.length };
  }
}
