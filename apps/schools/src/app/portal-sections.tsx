import { lazy, Suspense, type ReactNode } from 'react';
import type { PortalCandidateRow } from '@kbe/contracts/zod-free';

import { usePortalScreensMessages } from '../i18n/portal-screens.catalogue';

/** The parts of the signed-in portal: the overview (pupils, and a school's mentors) and the screens loaded on demand. */
export const PORTAL_SECTIONS = ['overview', 'imports', 'hallTickets', 'results', 'corrections'] as const;
export type PortalSection = (typeof PORTAL_SECTIONS)[number];

// Each screen is its own chunk, loaded when it is first opened (never with the sign-in page).
const BulkRegistration = lazy(() => import(/* webpackChunkName: "portal-imports" */ './bulk-registration'));
const HallTickets = lazy(() => import(/* webpackChunkName: "portal-hall-tickets" */ './hall-tickets'));
const ResultsReport = lazy(() => import(/* webpackChunkName: "portal-results" */ './results-report'));
const Corrections = lazy(() => import(/* webpackChunkName: "portal-corrections" */ './corrections'));

/**
 * The portal's sections as a row of buttons (the current one `aria-current`); a navigation
 * landmark, keyboard reachable, wrapping on a phone.
 */
export function PortalSectionNav({ section, onSection }: { section: PortalSection; onSection(section: PortalSection): void }) {
  const t = usePortalScreensMessages();
  return (
    <nav aria-label={t('sections.label')} data-testid="portal-sections">
      <ul className="flex flex-wrap gap-2">
        {PORTAL_SECTIONS.map((value) => (
          <li key={value}>
            <button
              type="button"
              aria-current={section === value ? 'page' : undefined}
              onClick={() => onSection(value)}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 aria-[current=page]:border-indigo-700 aria-[current=page]:bg-indigo-700 aria-[current=page]:text-white"
            >
              {t('sections.option', { section: value })}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The screen of a section other than the overview, loaded on demand (`pupil`: the one chosen for a correction). */
export function PortalSectionScreen({ section, pupil = null }: { section: Exclude<PortalSection, 'overview'>; pupil?: PortalCandidateRow | null }) {
  const t = usePortalScreensMessages();
  let screen: ReactNode = null;
  if (section === 'imports') screen = <BulkRegistration />;
  if (section === 'hallTickets') screen = <HallTickets />;
  if (section === 'results') screen = <ResultsReport />;
  if (section === 'corrections') screen = <Corrections pupil={pupil} />;
  return <Suspense fallback={<p aria-live="polite">{t('sections.loading')}</p>}>{screen}</Suspense>;
}
