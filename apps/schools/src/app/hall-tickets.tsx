import { useId, useState } from 'react';
import { Alert, AlertDescription, Button } from '@kbe/ui';
import type { ClassHallTicketsJob } from '@kbe/contracts/zod-free';

import { usePortalScreensMessages } from '../i18n/portal-screens.catalogue';
import { useSchoolsMessages } from '../i18n/schools.catalogue';
import { JOB_POLL_MS, JobProgress, useJobStatus, usePolling } from './job-progress';
import { usePortalApi } from './portal-api';
import { failureText } from './portal-errors';
import { hallTicketsFile, hallTicketsJob, requestHallTickets } from './portal-work-api';
import { saveBlob } from '@kbe/api-client';

const running = (job: ClassHallTicketsJob | null): boolean => job !== null && (job.status === 'queued' || job.status === 'running');

/**
 * The class's hall tickets as one PDF (issue 27): asked for as a job, its progress polled, then
 * downloaded with the session's token; the pupils without a released hall ticket are listed.
 */
export function HallTickets({ pollMs = JOB_POLL_MS }: { pollMs?: number }) {
  const api = usePortalApi();
  const t = usePortalScreensMessages();
  const tSchools = useSchoolsMessages();
  const jobStatus = useJobStatus();
  const ids = useId();
  const [job, setJob] = useState<ClassHallTicketsJob | null>(null);
  const [asking, setAsking] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const jobId = job?.id;
  usePolling(
    running(job),
    pollMs,
    async () => {
      if (!jobId) return false;
      const next = await hallTicketsJob(api.client, jobId);
      setJob(next);
      return running(next);
    },
    (failure) => setError(failureText(failure, tSchools)),
  );

  const request = async () => {
    setAsking(true);
    setError(null);
    try {
      setJob(await requestHallTickets(api.client));
    } catch (failure) {
      // 409: none of the pupils has a released hall ticket (the server says so).
      setError(failureText(failure, tSchools));
    } finally {
      setAsking(false);
    }
  };

  const download = async () => {
    if (!job) return;
    setDownloading(true);
    setError(null);
    try {
      saveBlob(await hallTicketsFile(api.client, job.id), job.fileName);
    } catch (failure) {
      setError(failureText(failure, tSchools));
    } finally {
      setDownloading(false);
    }
  };

  const completed = job?.status === 'completed';

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-4" data-testid="hall-tickets">
      <h2 id={`${ids}-title`} className="text-xl font-bold text-slate-900">
        {t('hallTickets.title')}
      </h2>
      <p className="text-slate-800">{t('hallTickets.text')}</p>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant={completed ? 'outline' : 'default'} disabled={asking || running(job)} aria-busy={asking} onClick={() => void request()}>
          {t('hallTickets.request')}
        </Button>
        {completed ? (
          <Button type="button" disabled={downloading} aria-busy={downloading} onClick={() => void download()}>
            {t('hallTickets.download')}
          </Button>
        ) : null}
      </div>

      {error ? (
        <Alert variant="destructive" data-testid="hall-tickets-error">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}

      {job ? (
        <JobProgress
          testId="hall-tickets-progress"
          label={jobStatus(job.status)}
          done={job.rendered}
          total={job.total}
          text={t('hallTickets.progress', { rendered: job.rendered, total: job.total })}
        />
      ) : null}

      {job && job.skipped.count > 0 ? (
        <section aria-labelledby={`${ids}-skipped`} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="hall-tickets-skipped">
          <h3 id={`${ids}-skipped`} className="font-semibold">
            {t('hallTickets.skipped', { count: job.skipped.count })}
          </h3>
          <ul className="mt-2 flex flex-wrap gap-2 font-mono text-sm">
            {job.skipped.candidateCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

export default HallTickets;
