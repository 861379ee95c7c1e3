import { Injectable } from '@nestjs/common';
import type { CandidateSearchResult } from '@kbe/contracts';

/** How long a search answer is served from memory (issue 12: the deadline rush). */
export const SEARCH_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  result: CandidateSearchResult;
  expiresAt: number;
}

/**
 * Public search answers of this process for a few seconds, so a rush of searches reads each
 * candidate once per few seconds instead of once per request. Only found candidates are kept
 * (a code registered a moment later is found at once). Every change of a candidate through the
 * repository forgets its entry, and an answer read while any change was under way is not kept,
 * so this process never serves a candidate as it was before a change it made. Another replica
 * of the service may answer from its own entry for at most SEARCH_CACHE_TTL_MS.
 */
@Injectable()
export class CandidateSearchCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every change: an answer read across a change is not kept. */
  private changes = 0;

  async lookup(code: string, load: () => Promise<CandidateSearchResult | null>): Promise<CandidateSearchResult | null> {
    const entry = this.entries.get(code);
    if (entry && entry.expiresAt > Date.now()) return entry.result;
    const changesBefore = this.changes;
    const result = await load();
    if (result && this.changes === changesBefore) this.keep(code, result);
    return result;
  }

  /** The candidates with these codes changed (or are about to): forget their answers. */
  forget(codes: readonly string[]): void {
    this.changes += 1;
    for (const code of codes) this.entries.delete(code);
  }

  private keep(code: string, result: CandidateSearchResult): void {
    this.entries.delete(code);
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first (insertion order): the entry that expires soonest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(code, { result, expiresAt: Date.now() + SEARCH_CACHE_TTL_MS });
  }
}
