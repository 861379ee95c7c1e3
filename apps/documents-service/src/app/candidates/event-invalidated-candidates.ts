import type { CandidateDirectory, CandidateDocumentData, CandidateFile } from './candidate-directory';

export interface EventInvalidatedCandidatesOptions {
  /** Whether change events are being heard now: without them nothing is kept or served from memory. */
  listening: () => boolean;
  maxEntries: number;
  /** A backstop only (an announcement lost between registration-service's write and its outbox). */
  maxAgeMs: number;
  now?: () => number;
}

/**
 * registration-service's candidates kept in memory and dropped on its change events
 * (`candidate.changed`, the release events): a repeated download skips the lookup, and a changed
 * mother's name, seat or release takes effect as soon as its event arrives. A lookup that was
 * under way when its candidate changed is not kept (it may have read the old record).
 */
export class EventInvalidatedCandidates implements CandidateDirectory {
  private readonly entries = new Map<string, { candidate: CandidateDocumentData; storedAt: number }>();
  /** Change counter; per code, the count at its last change (kept while lookups are under way). */
  private changes = 0;
  private readonly changedAt = new Map<string, number>();
  private clearedAt = 0;
  private lookupsUnderWay = 0;
  private readonly now: () => number;

  constructor(
    private readonly directory: CandidateDirectory,
    private readonly options: EventInvalidatedCandidatesOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  async find(candidateCode: string): Promise<CandidateDocumentData | null> {
    const listening = this.options.listening();
    if (listening) {
      const kept = this.entries.get(candidateCode);
      if (kept && this.now() - kept.storedAt <= this.options.maxAgeMs) {
        this.entries.delete(candidateCode); // most recently used last
        this.entries.set(candidateCode, kept);
        return kept.candidate;
      }
    }
    return this.lookUp(candidateCode, listening);
  }

  /** registration-service's record now (kept for the next find, unless a change overtook it). */
  findFresh(candidateCode: string): Promise<CandidateDocumentData | null> {
    return this.lookUp(candidateCode, this.options.listening());
  }

  file(candidateCode: string, file: CandidateFile): Promise<Buffer> {
    return this.directory.file(candidateCode, file);
  }

  private async lookUp(candidateCode: string, listening: boolean): Promise<CandidateDocumentData | null> {
    const startedAt = this.changes;
    this.lookupsUnderWay++;
    try {
      const candidate = await this.directory.find(candidateCode);
      const changedSince = (this.changedAt.get(candidateCode) ?? 0) > startedAt || this.clearedAt > startedAt;
      if (candidate && listening && this.options.listening() && !changedSince) this.keep(candidateCode, candidate);
      return candidate;
    } finally {
      if (--this.lookupsUnderWay === 0) this.changedAt.clear();
    }
  }

  /** The candidate changed: its copy is dropped, and a lookup under way is not kept. */
  forget(candidateCode: string): void {
    this.changes++;
    this.entries.delete(candidateCode);
    if (this.lookupsUnderWay > 0) this.changedAt.set(candidateCode, this.changes);
  }

  /** Events may have been missed: every copy goes. */
  forgetAll(): void {
    this.changes++;
    this.clearedAt = this.changes;
    this.entries.clear();
  }

  private keep(candidateCode: string, candidate: CandidateDocumentData): void {
    this.entries.delete(candidateCode);
    this.entries.set(candidateCode, { candidate, storedAt: this.now() });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
