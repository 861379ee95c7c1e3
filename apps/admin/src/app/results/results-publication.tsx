import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@kbe/api-client';
import { countOf, NEXT_LEVEL, type LevelResultsSummary } from '@kbe/contracts';
import { Alert, AlertDescription, AlertTitle, Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FieldError, Progress, toast } from '@kbe/ui';

import { useAdminApi } from '../admin-api';
import { useServerJob } from '../use-server-job.hook';

type Step = 'publish' | 'withdraw';

/** How often a publication that runs on (202, at scale) is asked for its progress. */
export const PUBLICATION_POLL_MS = 1_000;

/** A publication as a server job: the level's summary, running until its `publication` has finished. */
interface PublicationJob {
  id: string;
  status: 'running' | 'completed' | 'failed';
  summary: LevelResultsSummary;
}

function asJob(summary: LevelResultsSummary): PublicationJob {
  const publication = summary.publication;
  const status = publication && publication.finishedAt === null ? 'running' : publication?.error && summary.status !== 'published' ? 'failed' : 'completed';
  return { id: summary.level, status, summary };
}

const isRunning = (summary: LevelResultsSummary) => Boolean(summary.publication && summary.publication.finishedAt === null);

/** What Publish does, said before it is done. */
function publishConsequences(summary: LevelResultsSummary): string {
  const withResult = summary.categories.reduce((sum, category) => sum + category.candidates, 0);
  const qualified = summary.categories.reduce((sum, category) => sum + category.qualified, 0);
  const next = NEXT_LEVEL[summary.level];
  const moving = next
    ? `The ${countOf(qualified, 'qualified candidate')} move on to the ${next} level.`
    : `${summary.level} is the last level: nobody moves on.`;
  return `The guardian of each of the ${countOf(withResult, 'candidate')} with a result gets an SMS. ${moving} Candidates and parents then see the result on the Downloads page, and the merit list is public.`;
}

/**
 * Publish and Withdraw of a level's results, each after a confirmation that says what happens;
 * a refusal (409) is shown in the dialog as the server words it. A publication that runs on (202,
 * at scale) is followed with its progress until it ends, also when the tab opens on a running one.
 * Viewers see the buttons disabled.
 */
export function ResultsPublication({ summary, canWrite, onChanged }: { summary: LevelResultsSummary; canWrite: boolean; onChanged: (summary: LevelResultsSummary) => void }) {
  const api = useAdminApi();
  const level = summary.level;
  const [step, setStep] = useState<Step | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  /** A read of a running publication's progress failed (polling stops; reopening the tab follows it again). */
  const [followError, setFollowError] = useState<string | null>(null);
  const startFailed = useRef(false);
  const starting = useRef<'publish' | 'follow'>('publish');
  const publication = useServerJob<'publish' | 'follow', PublicationJob>({
    start: async (kind) => asJob(kind === 'publish' ? await api.publishResults(level) : await api.resultsSummary(level)),
    read: async () => asJob(await api.resultsSummary(level)),
    pollMs: PUBLICATION_POLL_MS,
    onFinished: (job) => {
      onChanged(job.summary);
      if (job.status === 'completed' && job.summary.status === 'published') toast({ title: 'Results Published', description: `The ${level} results are published.` });
    },
    onError: (caught, stage) => {
      if (stage === 'poll' || starting.current === 'follow') {
        setFollowError(errorMessage(caught));
        return;
      }
      startFailed.current = true;
      setError(errorMessage(caught));
    },
  });
  const job = publication.job;
  const running = publication.running || isRunning(summary);
  const canPublish = (summary.status === 'imported' || summary.status === 'withdrawn') && !running;
  const canWithdraw = summary.status === 'published' && !running;

  // The tab opened on a publication that runs on (another admin's, or before a reload): follow it.
  const follow = publication.start;
  const runningAtOpen = isRunning(summary) && !publication.running;
  useEffect(() => {
    if (!runningAtOpen) return;
    starting.current = 'follow';
    void follow('follow');
  }, [runningAtOpen, follow]);

  function open(next: Step) {
    setError(null);
    setStep(next);
  }

  async function confirm() {
    if (!step) return;
    setSending(true);
    setError(null);
    if (step === 'publish') {
      startFailed.current = false;
      starting.current = 'publish';
      setFollowError(null);
      await publication.start('publish');
      setSending(false);
      if (!startFailed.current) setStep(null);
      return;
    }
    try {
      onChanged(await api.withdrawResults(level));
      toast({ title: 'Results Withdrawn', description: `The ${level} results are no longer shown.` });
      setStep(null);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSending(false);
    }
  }

  const progress = job?.status === 'running' ? job.summary.publication : null;
  const stopped = job && !publication.running && job.status === 'failed' ? job.summary.publication?.error : null;
  const viewerTitle = canWrite ? undefined : 'Viewers cannot publish or withdraw results';
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button disabled={!canWrite || !canPublish} title={viewerTitle} onClick={() => open('publish')}>
          Publish the {level} results
        </Button>
        <Button variant="outline" disabled={!canWrite || !canWithdraw} title={viewerTitle} onClick={() => open('withdraw')}>
          Withdraw the {level} results
        </Button>
      </div>
      {progress && publication.running ? (
        <div className="flex flex-col gap-2">
          <p id="results-publication-progress" role="status" className="text-sm text-slate-800">
            Publishing the {level} results: {progress.processed} of {progress.total} handed over ({progress.percent}%).
          </p>
          <Progress value={progress.percent} aria-labelledby="results-publication-progress" />
        </div>
      ) : null}
      {stopped ? (
        <Alert variant="destructive">
          <AlertTitle>The publication stopped: nothing is published</AlertTitle>
          <AlertDescription>{stopped} Publishing again is safe.</AlertDescription>
        </Alert>
      ) : null}
      {followError ? (
        <Alert variant="destructive">
          <AlertTitle>The publication’s progress did not load</AlertTitle>
          <AlertDescription>{followError}</AlertDescription>
        </Alert>
      ) : null}
      <Dialog open={step !== null} onOpenChange={(isOpen) => (isOpen ? undefined : setStep(null))}>
        {step ? (
          <DialogContent role="alertdialog">
            <DialogHeader>
              <DialogTitle>{step === 'publish' ? `Publish the ${level} results?` : `Withdraw the ${level} results?`}</DialogTitle>
              <DialogDescription>
                {step === 'publish'
                  ? publishConsequences(summary)
                  : 'Candidates and parents no longer see the result and the merit list is taken down; the SMS already sent are not recalled. Once certificates of the level are released, the results cannot be withdrawn.'}
              </DialogDescription>
            </DialogHeader>
            <FieldError message={error} />
            <div className="flex flex-wrap gap-2">
              <Button variant={step === 'publish' ? 'default' : 'destructive'} disabled={sending} onClick={() => void confirm()}>
                {sending ? 'Sending...' : step === 'publish' ? 'Publish and send the SMS' : 'Withdraw the results'}
              </Button>
              <Button variant="outline" onClick={() => setStep(null)}>
                Cancel
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
