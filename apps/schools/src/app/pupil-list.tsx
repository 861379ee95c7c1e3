import { useEffect, useId, useState, type ReactNode } from 'react';
import { Alert, AlertDescription, Badge, Button, Input, Label, NativeSelect, type BadgeProps } from '@kbe/ui';
import { CONSENT_STATUSES, KBE_CATEGORIES, type PortalCandidateList, type PortalCandidateRow, type PortalMentorRow } from '@kbe/contracts/zod-free';
import type { CandidateFeesFilter, ReleasedFilter } from '@kbe/contracts';

import { useSchoolsMessages, type SchoolsMessageKey } from '../i18n/schools.catalogue';
import { CorrectButton } from './correct-button';
import { usePortalApi } from './portal-api';
import { failureText } from './portal-errors';
import { NO_FILTERS, SEARCH_DEBOUNCE_MS, type PortalFilters } from './portal-query';
import { saveBlob } from '@kbe/api-client';

const FEES_FILTERS: readonly CandidateFeesFilter[] = ['all', 'paid', 'unpaid'];
const RELEASED_FILTERS: readonly ReleasedFilter[] = ['all', 'released', 'not-released'];

/** A value of `search` once the user has stopped typing for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export interface PupilListProps {
  /** The school's or mentor's code (the CSV's file name). */
  code: string;
  /** A school's mentors (the mentor filter); undefined for a mentor. */
  mentors?: PortalMentorRow[];
  /** The latest answer's counts and totals, for the cards above the list (a stable function: a new one asks again). */
  onList(list: PortalCandidateList): void;
  /** "Ask for a correction" beside each pupil (the Corrections section for that pupil); none when missing. */
  onCorrect?(pupil: PortalCandidateRow): void;
}

/** The pupils of a school or mentor: filters, a debounced search, a table (cards on a phone), pages, CSV export. */
export function PupilList({ code, mentors, onList, onCorrect }: PupilListProps) {
  const api = usePortalApi();
  const t = useSchoolsMessages();
  const ids = useId();
  const [filters, setFilters] = useState<PortalFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<PortalCandidateList | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const search = useDebounced(filters.search, SEARCH_DEBOUNCE_MS);
  const { fees, consent, hallTicket, certificate, category, mentorCode } = filters;

  useEffect(() => {
    let current = true;
    setLoading(true);
    setError(null);
    api
      .candidates({ fees, consent, hallTicket, certificate, category, mentorCode, search }, page)
      .then((answer) => {
        if (!current) return;
        setList(answer);
        onList(answer);
      })
      .catch((failure: unknown) => {
        if (current) setError(failureText(failure, t));
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [api, fees, consent, hallTicket, certificate, category, mentorCode, search, page, onList, t]);

  /** A filter changed: back to the first page. */
  const setFilter = <K extends keyof PortalFilters>(key: K, value: PortalFilters[K]) => {
    setFilters((previous) => ({ ...previous, [key]: value }));
    setPage(1);
  };

  const clearFilters = () => {
    setFilters(NO_FILTERS);
    setPage(1);
  };

  const downloadCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const file = await api.exportCsv(filters);
      saveBlob(file, `school-portal-${code}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (failure) {
      setExportError(failureText(failure, t));
    } finally {
      setExporting(false);
    }
  };

  const filtered = Object.entries(filters).some(([key, value]) => value !== NO_FILTERS[key as keyof PortalFilters]);
  const pagination = list?.pagination;

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-4">
      <h2 id={`${ids}-title`} className="text-xl font-bold text-slate-900">
        {t('pupils.title')}
      </h2>

      <form aria-label={t('filters.label')} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" onSubmit={(event) => event.preventDefault()} role="search">
        <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-3">
          <Label htmlFor={`${ids}-search`}>{t('filters.search')}</Label>
          <Input id={`${ids}-search`} type="search" name="search" value={filters.search} autoComplete="off" onChange={(event) => setFilter('search', event.target.value)} />
        </div>
        <Filter id={`${ids}-fees`} label={t('filters.fees')} value={fees} onChange={(value) => setFilter('fees', value as CandidateFeesFilter)}>
          {FEES_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t('filters.feesOption', { value })}
            </option>
          ))}
        </Filter>
        <Filter id={`${ids}-consent`} label={t('filters.consent')} value={consent} onChange={(value) => setFilter('consent', value as PortalFilters['consent'])}>
          <option value="">{t('filters.any')}</option>
          {CONSENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t('status.consent', { value })}
            </option>
          ))}
        </Filter>
        <Filter id={`${ids}-hall-ticket`} label={t('filters.hallTicket')} value={hallTicket} onChange={(value) => setFilter('hallTicket', value as ReleasedFilter)}>
          {RELEASED_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t('filters.releasedOption', { value: value === 'not-released' ? 'notReleased' : value })}
            </option>
          ))}
        </Filter>
        <Filter id={`${ids}-certificate`} label={t('filters.certificate')} value={certificate} onChange={(value) => setFilter('certificate', value as ReleasedFilter)}>
          {RELEASED_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t('filters.releasedOption', { value: value === 'not-released' ? 'notReleased' : value })}
            </option>
          ))}
        </Filter>
        <Filter id={`${ids}-category`} label={t('filters.category')} value={category} onChange={(value) => setFilter('category', value as PortalFilters['category'])}>
          <option value="">{t('filters.any')}</option>
          {KBE_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Filter>
        {mentors ? (
          <Filter id={`${ids}-mentor`} label={t('filters.mentor')} value={mentorCode} onChange={(value) => setFilter('mentorCode', value)}>
            <option value="">{t('filters.any')}</option>
            {mentors.map((mentor) => (
              <option key={mentor.mentorCode} value={mentor.mentorCode}>
                {mentor.name} ({mentor.mentorCode})
              </option>
            ))}
          </Filter>
        ) : null}
        <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3">
          <Button type="button" variant="outline" disabled={!filtered} onClick={clearFilters}>
            {t('filters.clear')}
          </Button>
          <Button type="button" disabled={exporting} aria-busy={exporting} onClick={() => void downloadCsv()}>
            {exporting ? t('export.busy') : t('export.button')}
          </Button>
        </div>
      </form>

      {exportError ? (
        <Alert variant="destructive" data-testid="export-error">
          <AlertDescription>{exportError}</AlertDescription>
        </Alert>
      ) : null}

      <p aria-live="polite" className="text-sm text-slate-800" data-testid="pupil-total">
        {loading ? t('pupils.loading') : pagination ? t('pupils.total', { count: pagination.total }) : ''}
      </p>

      {error ? (
        <Alert variant="destructive" data-testid="pupils-error">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}

      {list && list.candidates.length > 0 ? (
        <>
          <ul className="flex flex-col gap-3 sm:hidden" aria-label={t('pupils.title')} data-testid="pupil-cards">
            {list.candidates.map((pupil) => (
              <li key={pupil.candidateCode} className="rounded-lg border border-slate-300 bg-white p-3">
                <p className="font-semibold text-slate-900">{pupil.name}</p>
                <p className="font-mono text-sm text-slate-700">
                  {pupil.candidateCode} · {pupil.category} · {pupil.standard}
                </p>
                <div className="mt-2 flex flex-wrap gap-1.5">
                  <StatusBadges pupil={pupil} labelled />
                </div>
                {onCorrect ? <CorrectButton pupil={pupil} onCorrect={onCorrect} /> : null}
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full border-collapse text-left text-sm" data-testid="pupil-table">
              <caption className="sr-only">{t('pupils.title')}</caption>
              <thead>
                <tr className="border-b border-slate-300 text-slate-700">
                  <th scope="col" className="p-2">{t('column.pupil')}</th>
                  <th scope="col" className="p-2">{t('column.category')}</th>
                  {mentors ? <th scope="col" className="p-2">{t('column.mentor')}</th> : null}
                  <th scope="col" className="p-2">{t('column.consent')}</th>
                  <th scope="col" className="p-2">{t('column.fees')}</th>
                  <th scope="col" className="p-2">{t('column.files')}</th>
                  <th scope="col" className="p-2">{t('column.hallTicket')}</th>
                  <th scope="col" className="p-2">{t('column.certificate')}</th>
                </tr>
              </thead>
              <tbody>
                {list.candidates.map((pupil) => (
                  <tr key={pupil.candidateCode} className="border-b border-slate-200 align-top">
                    <th scope="row" className="p-2 font-normal">
                      <span className="block font-semibold text-slate-900">{pupil.name}</span>
                      <span className="font-mono text-xs text-slate-700">{pupil.candidateCode}</span>
                      {onCorrect ? <CorrectButton pupil={pupil} onCorrect={onCorrect} /> : null}
                    </th>
                    <td className="p-2">
                      {pupil.category} · {pupil.standard}
                    </td>
                    {mentors ? <td className="p-2 font-mono text-xs">{pupil.mentorCode}</td> : null}
                    <StatusBadges pupil={pupil} cell />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : list && !loading && !error ? (
        <p className="rounded-lg border border-slate-300 bg-slate-50 p-4 text-slate-800" data-testid="no-pupils">
          {filtered ? t('pupils.noneMatching') : t('pupils.none')}
        </p>
      ) : null}

      {pagination && pagination.pages > 1 ? (
        <nav aria-label={t('paging.label')} className="flex items-center justify-between gap-3">
          <Button type="button" variant="outline" disabled={loading || page <= 1} onClick={() => setPage(page - 1)}>
            {t('paging.previous')}
          </Button>
          <p className="text-sm text-slate-800">{t('paging.page', { current: pagination.current, pages: pagination.pages })}</p>
          <Button type="button" variant="outline" disabled={loading || page >= pagination.pages} onClick={() => setPage(page + 1)}>
            {t('paging.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function Filter({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange(value: string): void; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </NativeSelect>
    </div>
  );
}

interface Status {
  column: SchoolsMessageKey;
  text: string;
  variant: BadgeProps['variant'];
}

/** A pupil's five statuses, each in words (never colour alone): as table cells, or badges with their column's name. */
function StatusBadges({ pupil, cell = false, labelled = false }: { pupil: PortalCandidateRow; cell?: boolean; labelled?: boolean }) {
  const t = useSchoolsMessages();
  const files = pupil.hasPhoto && pupil.hasSignature ? 'complete' : pupil.hasPhoto ? 'noSignature' : pupil.hasSignature ? 'noPhoto' : 'none';
  const statuses: Status[] = [
    {
      column: 'column.consent',
      text: t('status.consent', { value: pupil.consentStatus }),
      variant: pupil.consentStatus === 'given' ? 'success' : pupil.consentStatus === 'withdrawn' ? 'destructive' : 'accent',
    },
    { column: 'column.fees', text: t('status.fees', { paid: String(pupil.feesPaid) }), variant: pupil.feesPaid ? 'success' : 'accent' },
    { column: 'column.files', text: t('status.files', { files }), variant: files === 'complete' ? 'success' : 'accent' },
    { column: 'column.hallTicket', text: t('status.released', { released: String(pupil.hallTicketReleased) }), variant: pupil.hallTicketReleased ? 'success' : 'secondary' },
    { column: 'column.certificate', text: t('status.released', { released: String(pupil.certificateReleased) }), variant: pupil.certificateReleased ? 'success' : 'secondary' },
  ];
  return (
    <>
      {statuses.map((status) =>
        cell ? (
          <td key={status.column} className="p-2">
            <Badge variant={status.variant}>{status.text}</Badge>
          </td>
        ) : (
          <Badge key={status.column} variant={status.variant}>
            {labelled ? `${t(status.column)}: ${status.text}` : status.text}
          </Badge>
        ),
      )}
    </>
  );
}
