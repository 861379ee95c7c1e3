import { ADMIN_MESSAGES, countOf, type BulkReleaseInput, type ReleaseJob } from '@kbe/contracts';
import { toast } from '@kbe/ui';
import { errorMessage } from '@kbe/api-client';

import type { AdminApi } from './admin-api';
import type { ReleaseKindConfig } from './release-kind.config';
import { useServerJob } from './use-server-job.hook';

/** How often the running job is asked for its progress. */
export const RELEASE_POLL_MS = 500;

const SKIP_LABELS: Record<string, string> = {
  'fees-unpaid': 'fees unpaid',
  'consent-pending': 'parental consent pending',
  'not-seated': 'no exam seat yet',
  'already-released': 'already released',
  'not-found': 'not found',
};

/** The section 8 toast for a finished job (hall tickets; the same shape for certificates). */
export function announceReleaseJob(job: ReleaseJob, config: ReleaseKindConfig): void {
  const { messages } = config;
  const released = countOf(job.released, { one: config.noun, other: config.nounPlural });
  const skipped = job.skipped.reasons
    .filter((r) => r.count > 0)
    .map((r) => `${r.count} ${SKIP_LABELS[r.reason] ?? r.reason}`)
    .join(', ');
  const skippedText = skipped ? ` Skipped: ${skipped}.` : '';
  if (job.status === 'failed' || (job.released === 0 && job.failed.count > 0)) {
    toast({ title: 'Error', description: messages.bulkFailed, variant: 'destructive' });
  } else if (job.total === 0 || (job.released === 0 && job.failed.count === 0 && job.skipped.count === job.total)) {
    toast({ title: ADMIN_MESSAGES.noCandidatesTitle, description: messages.noEligible, variant: 'destructive' });
  } else if (job.failed.count > 0) {
    toast({
      title: 'Partial Success',
      description: `${released} released, ${job.failed.count} failed. Please refresh the page and try again for the rest.${skippedText}`,
    });
  } else {
    toast({ title: 'Bulk Release Complete', description: `${released} released successfully.${skippedText}` });
  }
}

export interface BulkReleaseState {
  job: ReleaseJob | null;
  running: boolean;
  start: (input: BulkReleaseInput) => Promise<void>;
}

/**
 * Bulk release of hall tickets or certificates as one server-side job (DECISIONS): start it, ask
 * for its progress every RELEASE_POLL_MS until it finishes, then announce the counts and call
 * `onFinished` (also after a failed poll, which is toasted).
 */
export function useBulkRelease(api: AdminApi, config: ReleaseKindConfig, onFinished: () => void, pollMs: number = RELEASE_POLL_MS): BulkReleaseState {
  const { job, running, start } = useServerJob<BulkReleaseInput, ReleaseJob>({
    start: (input) => api.startBulkRelease(config.kind, input),
    read: (jobId) => api.releaseJob(jobId),
    pollMs,
    onFinished: (finished) => {
      announceReleaseJob(finished, config);
      onFinished();
    },
    onError: (error, stage) => {
      const message = errorMessage(error);
      if (stage === 'poll') {
        toast({ title: 'Error', description: message, variant: 'destructive' });
        onFinished();
      } else if (message === config.messages.noEligible) {
        toast({ title: ADMIN_MESSAGES.noCandidatesTitle, description: message, variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: message || config.messages.bulkFailed, variant: 'destructive' });
      }
    },
  });

  return { job, running, start };
}
