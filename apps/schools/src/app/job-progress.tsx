import { useEffect, useId, useRef } from 'react';

import { usePortalScreensMessages } from '../i18n/portal-screens.catalogue';

/** How often a running job (an import, the class's hall tickets) is asked for its progress. */
export const JOB_POLL_MS = 1000;

/**
 * Asks for a job's progress every `intervalMs` while `active` (the job is queued or running):
 * `poll` fetches it, hands the answer on and says whether the job still runs (no request is sent
 * after the answer that says it ended); a failure stops the polling (`onError`).
 */
export function usePolling(active: boolean, intervalMs: number, poll: () => Promise<boolean>, onError: (error: unknown) => void): void {
  const latest = useRef({ poll, onError });
  latest.current = { poll, onError };
  useEffect(() => {
    if (!active) return undefined;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      timer = setTimeout(() => {
        latest.current
          .poll()
          .then((again) => {
            if (current && again) tick();
          })
          .catch((error: unknown) => {
            if (current) latest.current.onError(error);
          });
      }, intervalMs);
    };
    tick();
    return () => {
      current = false;
      if (timer) clearTimeout(timer);
    };
  }, [active, intervalMs]);
}

/** A job's progress: a bar (done of total) and the same in words, read out as it changes. */
export function JobProgress({ label, done, total, text, testId }: { label: string; done: number; total: number; text: string; testId: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      <span id={`${id}-label`} className="text-sm font-semibold text-slate-900">
        {label}
      </span>
      <progress aria-labelledby={`${id}-label`} className="h-3 w-full accent-indigo-700" max={Math.max(total, 1)} value={Math.min(done, Math.max(total, 1))} />
      <p aria-live="polite" className="text-sm text-slate-800" data-testid={`${testId}-text`}>
        {text}
      </p>
    </div>
  );
}

/** A job's status in words. */
export function useJobStatus(): (status: string) => string {
  const t = usePortalScreensMessages();
  return (status) => t('job.status', { status });
}
