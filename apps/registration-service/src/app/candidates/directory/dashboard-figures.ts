import { KBE_CATEGORIES, STANDARDS } from '@kbe/contracts';
import type { CandidateDashboardCounts } from '../candidate.repository';
import type { DirectoryEntry } from './directory-entry';

const TOP_DISTRICTS = 20;

/** The dashboard's figures over live candidates: totals, registrations since `since`, by category, standard and district. */
export function dashboardFigures(entries: Iterable<DirectoryEntry>, since: Date): CandidateDashboardCounts {
  const sinceMs = since.getTime();
  const figures: CandidateDashboardCounts = {
    total: 0,
    feesPaid: 0,
    hallTickets: 0,
    certificates: 0,
    createdSince: [],
    byCategory: Object.fromEntries(KBE_CATEGORIES.map((category) => [category, 0])),
    byStandard: Object.fromEntries(STANDARDS.map((standard) => [standard, 0])),
    byDistrict: [],
  };
  const districts = new Map<string | null, number>();
  for (const entry of entries) {
    if (entry.deletedAt !== null) continue;
    figures.total += 1;
    if (entry.feesPaid) figures.feesPaid += 1;
    if (entry.hallTicketReleased) figures.hallTickets += 1;
    if (entry.certificateReleased) figures.certificates += 1;
    if (entry.createdAt >= sinceMs) figures.createdSince.push(new Date(entry.createdAt));
    if (Object.hasOwn(figures.byCategory, entry.category)) figures.byCategory[entry.category] += 1;
    if (Object.hasOwn(figures.byStandard, entry.standard)) figures.byStandard[entry.standard] += 1;
    districts.set(entry.district, (districts.get(entry.district) ?? 0) + 1);
  }
  figures.byDistrict = [...districts]
    .map(([district, count]) => ({ key: String(district ?? ''), count }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, TOP_DISTRICTS);
  return figures;
}
