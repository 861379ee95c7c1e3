import { useCallback, useEffect, useId, useState } from 'react';
import { HttpError, saveBlob } from '@kbe/api-client';
import { Alert, AlertDescription, Badge, Button, Input, Label, type BadgeProps } from '@kbe/ui';
import type { PortalImportJob, PortalImportRow, PortalImportRowStatus, PortalImportSummary } from '@kbe/contracts/zod-free';

import { usePortalScreensMessages } from '../i18n/portal-screens.catalogue';
import { useSchoolsMessages } from '../i18n/schools.catalogue';
import { JOB_POLL_MS, JobProgress, useJobStatus, usePolling } from './job-progress';
import { usePortalApi } from './portal-api';
import { failureText } from './portal-errors';
import { importJob, recentImports, startImport } from './portal-work-api';

/** An upload refused: the server's own words, also for a 429 (it says how long to wait). */
const uploadFailure = (failure: unknown, t: Parameters<typeof failureText>[1]): string =>
  failure instanceof HttpError && failure.status === 429 && !/^HTTP error! Status: \d+$/.test(failure.message) ? failure.message : failureText(failure, t);

const running = (job: PortalImportJob | null): boolean => job !== null && (job.status === 'queued' || job.status === 'running');

/** A row status as a select key of the catalogue (ICU keys have no hyphen). */
const rowStatusKey = (status: PortalImportRowStatus) => (status === 'already-registered' ? 'already' : status);

const ROW_VARIANT: Record<PortalImportRowStatus, BadgeProps['variant']> = {
  valid: 'success',
  registered: 'success',
  'already-registered': 'secondary',
  invalid: 'destructive',
  failed: 'destructive',
};

/**
 * Bulk registration (issue 27): the sheet of pupils and the ZIP of their photos, checked first (a
 * dry run: a report per row and field), then registered with the same files; progress while the
 * job runs, the outcome per row, and the recent uploads.
 */
export function BulkRegistration({ pollMs = JOB_POLL_MS }: { pollMs?: number }) {
  const api = usePortalApi();
  const t = usePortalScreensMessages();
  const tSchools = useSchoolsMessages();
  const jobStatus = useJobStatus();
  const ids = useId();
  const [sheet, setSheet] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File | null>(null);
  const [job, setJob] = useState<PortalImportJob | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recent, setRecent] = useState<PortalImportSummary[] | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);

  const loadRecent = useCallback(() => {
    recentImports(api.client)
      .then((list) => setRecent(list.imports))
      .catch(() => setRecent((previous) => previous ?? []));
  }, [api]);

  useEffect(() => loadRecent(), [loadRecent]);

  const jobId = job?.id;
  usePolling(
    running(job),
    pollMs,
    async () => {
      if (!jobId) return false;
      const next = await importJob(api.client, jobId);
      setJob(next);
      if (!running(next)) loadRecent();
      return running(next);
    },
    (failure) => setError(failureText(failure, tSchools)),
  );

  const send = async (dryRun: boolean) => {
    if (!sheet) return;
    setSending(true);
    setError(null);
    try {
      // The chosen files stay chosen whatever the answer: a refused upload is sent again as it is.
      const started = await startImport(api.client, sheet, photos, dryRun);
      setJob(started);
      if (!running(started)) loadRecent();
    } catch (failure) {
      setError(uploadFailure(failure, tSchools));
    } finally {
      setSending(false);
    }
  };

  const downloadTemplate = async () => {
    setTemplateBusy(true);
    setError(null);
    try {
      saveBlob(await api.importTemplate(), 'bulk-registration-template.csv');
    } catch (failure) {
      setError(failureText(failure, tSchools));
    } finally {
      setTemplateBusy(false);
    }
  };

  const busy = sending || running(job);
  const checked = job !== null && job.dryRun && job.status === 'completed';

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-4" data-testid="bulk-registration">
      <h2 id={`${ids}-title`} className="text-xl font-bold text-slate-900">
        {t('imports.title')}
      </h2>
      <p className="text-slate-800">{t('imports.text')}</p>
      <div>
        <Button type="button" variant="outline" disabled={templateBusy} aria-busy={templateBusy} onClick={() => void downloadTemplate()}>
          {tSchools('template.button')}
        </Button>
      </div>

      <form
        aria-label={t('imports.title')}
        className="grid grid-cols-1 gap-4 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send(true);
        }}
      >
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${ids}-sheet`}>{t('imports.sheet')}</Label>
          <Input
            id={`${ids}-sheet`}
            name="file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => {
              setSheet(event.target.files?.[0] ?? null);
              setJob(null);
            }}
          />
          {sheet ? (
            <p className="break-all text-sm text-slate-700" data-testid="chosen-sheet">
              {t('imports.chosen', { name: sheet.name })}
            </p>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${ids}-photos`}>{t('imports.photos')}</Label>
          <Input
            id={`${ids}-photos`}
            name="photos"
            type="file"
            accept=".zip,application/zip"
            onChange={(event) => {
              setPhotos(event.target.files?.[0] ?? null);
              setJob(null);
            }}
          />
          {photos ? (
            <p className="break-all text-sm text-slate-700" data-testid="chosen-photos">
              {t('imports.chosen', { name: photos.name })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <Button type="submit" variant={checked ? 'outline' : 'default'} disabled={!sheet || busy} aria-busy={sending}>
            {t('imports.check')}
          </Button>
          {checked && job.registered > 0 ? (
            <Button type="button" disabled={busy} aria-busy={sending} onClick={() => void send(false)}>
              {t('imports.register', { count: job.registered })}
            </Button>
          ) : null}
        </div>
      </form>

      {error ? (
        <Alert variant="destructive" data-testid="import-error">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}

      {job ? <ImportReport job={job} statusText={jobStatus(job.status)} /> : null}

      <section aria-labelledby={`${ids}-recent`} className="flex flex-col gap-2">
        <h3 id={`${ids}-recent`} className="text-lg font-bold text-slate-900">
          {t('imports.recent')}
        </h3>
        {recent === null ? null : recent.length === 0 ? (
          <p className="text-slate-800">{t('imports.recentNone')}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="recent-imports">
            {recent.map((item) => (
              <li key={item.id} className="rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-800">
                <p className="break-all font-semibold text-slate-900">{item.fileName}</p>
                <p>
                  {t('imports.kind', { dryRun: String(item.dryRun) })} · {jobStatus(item.status)} · {t('imports.when', { date: new Date(item.createdAt) })}
                </p>
                <p>{t('imports.summary', { dryRun: String(item.dryRun), registered: item.registered, already: item.alreadyRegistered, failed: item.failed })}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

function ImportReport({ job, statusText }: { job: PortalImportJob; statusText: string }) {
  const t = usePortalScreensMessages();
  const ids = useId();
  const dryRun = String(job.dryRun);
  return (
    <section aria-labelledby={`${ids}-report`} className="flex flex-col gap-3" data-testid="import-report">
      <h3 id={`${ids}-report`} className="text-lg font-bold text-slate-900">
        {t('imports.report', { dryRun, file: job.fileName })}
      </h3>
      <JobProgress
        testId="import-progress"
        label={statusText}
        done={job.processed}
        total={job.total}
        text={t('imports.progress', { processed: job.processed, total: job.total })}
      />
      {job.status === 'completed' || job.status === 'failed' ? (
        <p className="font-semibold text-slate-900" data-testid="import-summary">
          {t('imports.summary', { dryRun, registered: job.registered, already: job.alreadyRegistered, failed: job.failed })}
        </p>
      ) : null}
      {job.rows.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t('imports.rows')} data-testid="import-rows">
          {job.rows.map((row) => (
            <ImportRowCard key={row.row} row={row} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ImportRowCard({ row }: { row: PortalImportRow }) {
  const t = usePortalScreensMessages();
  return (
    <li className="rounded-lg border border-slate-300 bg-white p-3 text-sm" data-testid={`import-row-${row.row}`}>
      <p className="flex flex-wrap items-center gap-2 text-slate-900">
        <span className="font-semibold">{t('imports.row', { row: row.row })}</span>
        {row.name ? <span>{row.name}</span> : null}
        <Badge variant={ROW_VARIANT[row.status]}>{t('imports.rowStatus', { status: rowStatusKey(row.status) })}</Badge>
        {row.candidateCode ? <span className="font-mono">{row.candidateCode}</span> : null}
      </p>
      {row.errors.length > 0 ? (
        <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,14rem)_1fr]">
          {row.errors.map((error, index) => (
            <div key={`${error.field}-${index}`} className="contents">
              <dt className="break-all font-mono text-xs text-slate-700">{error.field}</dt>
              <dd className="text-red-800">{error.message}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

export default BulkRegistration;
