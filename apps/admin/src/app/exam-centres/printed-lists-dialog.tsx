import { useEffect, useRef, useState } from 'react';
import Download from 'lucide-react/icons/download';
import Loader2 from 'lucide-react/icons/loader-2';
import { errorMessage, saveBlob } from '@kbe/api-client';
import { CENTRE_LIST_KINDS, type CentreListKind, type CentreListsProgress, type CentreView } from '@kbe/contracts';
import { Alert, AlertDescription, AlertTitle, Button, DialogContent, DialogDescription, DialogHeader, DialogTitle, Progress } from '@kbe/ui';

import { useAdminApi } from '../admin-api';

/** How long to wait before asking again while the lists are made: the server's `Retry-After: 2` (the client does not expose headers). */
export const PRINTED_LIST_POLL_MS = 2_000;

export const PRINTED_LIST_LABELS: Record<CentreListKind, string> = {
  attendance: 'Attendance sheets',
  'door-list': 'Door list',
  summary: 'Summary',
};

type Pending = { kind: CentreListKind; progress: CentreListsProgress | null } | null;

/** Progress in words: queued, rows rendered, or why the last attempt failed (the next request tries again). */
function progressText(label: string, progress: CentreListsProgress | null): string {
  if (!progress) return `Asking for the ${label.toLowerCase()}...`;
  if (progress.status === 'queued') return `Making the lists: waiting to start (${progress.percent}%)`;
  return `Making the lists: ${progress.processed} of ${progress.total} rows (${progress.percent}%)`;
}

/**
 * A centre's printed lists (docs/printed-lists.md): each button asks for its PDF and, while the
 * server answers 202, asks again every PRINTED_LIST_POLL_MS showing the job's progress; the PDF is
 * saved once it comes. A centre without seats (409) gets the server's message. Viewers may print.
 */
export function PrintedListsDialog({ centre }: { centre: Pick<CentreView, 'code' | 'name'> }) {
  const api = useAdminApi();
  const [download, setDownload] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Bumped by Cancel and on close: an answer to an older request is dropped. */
  const attempt = useRef(0);

  useEffect(
    () => () => {
      attempt.current += 1;
      clearTimeout(timer.current);
    },
    [],
  );

  function ask(kind: CentreListKind, mine: number) {
    api.centreListPdf(centre.code, kind).then(
      (answer) => {
        if (mine !== attempt.current) return;
        if ('pdf' in answer) {
          const fileName = `${centre.code}-${kind}.pdf`;
          saveBlob(answer.pdf, fileName);
          setDownload(null);
          setSaved(fileName);
          return;
        }
        setDownload({ kind, progress: answer.progress });
        timer.current = setTimeout(() => ask(kind, mine), PRINTED_LIST_POLL_MS);
      },
      (caught: unknown) => {
        if (mine !== attempt.current) return;
        setDownload(null);
        setError(errorMessage(caught));
      },
    );
  }

  function start(kind: CentreListKind) {
    clearTimeout(timer.current);
    attempt.current += 1;
    setError(null);
    setSaved(null);
    setDownload({ kind, progress: null });
    ask(kind, attempt.current);
  }

  function cancel() {
    attempt.current += 1;
    clearTimeout(timer.current);
    setDownload(null);
  }

  const label = download ? PRINTED_LIST_LABELS[download.kind] : '';
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Printed lists of {centre.code}</DialogTitle>
        <DialogDescription>
          {centre.name}: the attendance sheets (one per room of each paper), the door list and the summary, as A4 PDFs. The first request makes all three; that takes
          a while for a large centre.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {CENTRE_LIST_KINDS.map((kind) => (
          <Button key={kind} variant="outline" disabled={download !== null} onClick={() => start(kind)}>
            {download?.kind === kind ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <Download aria-hidden="true" className="h-4 w-4" />}
            {PRINTED_LIST_LABELS[kind]}
          </Button>
        ))}
      </div>
      {download ? (
        <div className="flex flex-col gap-2" data-testid="printed-list-progress">
          <p id="printed-list-progress-label" role="status" className="text-sm text-slate-800">
            {label}: {progressText(label, download.progress)}
          </p>
          <Progress value={download.progress?.percent ?? 0} aria-labelledby="printed-list-progress-label" />
          {download.progress?.error ? <p className="text-sm text-amber-900">The last attempt failed ({download.progress.error}); trying again.</p> : null}
          <Button variant="outline" size="sm" className="self-start" onClick={cancel}>
            Stop waiting
          </Button>
        </div>
      ) : null}
      {saved ? (
        <p role="status" className="text-sm text-slate-800">
          Saved {saved}.
        </p>
      ) : null}
      {error ? (
        <Alert variant="destructive">
          <AlertTitle>The list could not be printed</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
    </DialogContent>
  );
}
