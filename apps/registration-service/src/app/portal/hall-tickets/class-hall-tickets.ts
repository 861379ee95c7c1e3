import { createHash } from 'node:crypto';
import type { DirectoryEntry } from '../../candidates/directory/directory-entry';

/** Seat numbers compare as people read them: `S-9` before `S-10`. */
const seatOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The order of a class's hall tickets in its PDF: by seat number (pupils without one last), then
 * candidate code. The one place that decides it: roll numbers, once they exist, come first here.
 */
export function compareForHallTickets(a: DirectoryEntry, b: DirectoryEntry): number {
  const seatA = a.sheet.seatNumber;
  const seatB = b.sheet.seatNumber;
  if (seatA !== seatB) {
    if (seatA === null) return 1;
    if (seatB === null) return -1;
    const bySeat = seatOrder.compare(seatA, seatB);
    if (bySeat !== 0) return bySeat;
  }
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}

/** What goes into a class's hall-ticket PDF: its released pupils in order, and the others by code. */
export interface ClassHallTicketPlan {
  /** Released, live pupils, in the PDF's order. */
  released: DirectoryEntry[];
  /** Live pupils whose hall ticket is not released, by code. */
  skipped: string[];
}

export function planClassHallTickets(entries: Iterable<DirectoryEntry>): ClassHallTicketPlan {
  const released: DirectoryEntry[] = [];
  const skipped: string[] = [];
  for (const entry of entries) {
    if (entry.deletedAt !== null) continue;
    if (entry.hallTicketReleased) released.push(entry);
    else skipped.push(entry.code);
  }
  released.sort(compareForHallTickets);
  skipped.sort();
  return { released, skipped };
}

/** Bumped when the bundle's layout changes (what the key names must then be built again). */
const BUNDLE_KEY_VERSION = 'class-hall-tickets/1';

/**
 * The bundle's key at documents-service: a SHA-256 of the ordered codes and what each prints
 * (DirectoryEntry.printed). The same pupils, in the same order, printing the same, are the same
 * key, and documents-service answers the PDF it built; any release, withdrawal or change of one
 * is a new key. documents-service adds its own template and edition version to it.
 */
export function bundleKeyOf(released: readonly DirectoryEntry[]): string {
  const hash = createHash('sha256').update(BUNDLE_KEY_VERSION);
  for (const entry of released) hash.update(`\n${entry.code}:${entry.printed}`);
  return hash.digest('hex');
}

/**
 * Which request a job answers: who asked, the bundle, and the pupils it leaves out. Asking again
 * with all three unchanged is the same job.
 */
export function jobFingerprintOf(owner: { role: string; code: string }, bundleKey: string, skipped: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify([owner.role, owner.code, bundleKey, skipped])).digest('hex');
}
