import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { HttpError, errorMessage } from '@kbe/api-client';
import {
  CONSENT_MESSAGES,
  DATA_REQUEST_KIND_LABELS,
  DATA_RIGHTS_MESSAGES,
  GUARDIAN_SESSION_MINUTES,
  requestRecordedMessage,
  type DataRequestInput,
  type DataRequestStatus,
  type DataRequestView,
  type GuardianSession,
} from '@kbe/contracts/zod-free';
import { Alert, AlertDescription, AlertTitle, Button, Card, CardContent, CardHeader, CardTitle, FieldError, Label, Textarea } from '@kbe/ui';
import { CodeField, CodeSender, codeProblem, fieldMessage, isCodeFormat } from './guardian-code';
import type { DataExportFormat, DownloadedFile, GuardianRightsApi } from './guardian-rights.api';

/** The limits of a request's text, as registration-service checks them (after trimming). */
const DETAILS_MIN = 10;
const DETAILS_MAX = 2000;

const STATUS_LABELS: Record<DataRequestStatus, string> = { open: 'Open', done: 'Done', refused: 'Refused' };

/** `25 February 2027`, in India time as the organisers' dates are. */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** Saves a downloaded file under its name (the browser's own download, no new window). */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const isSessionOver = (error: unknown) => error instanceof HttpError && error.status === 401;

interface GuardianDataProps {
  api: GuardianRightsApi;
  candidateCode: string;
}

/**
 * See or correct the data: a code of its own opens a session of 15 minutes, in which the guardian
 * downloads everything held (JSON or PDF), asks for a correction or an erasure, and sees the
 * requests made. When the session ends it says so and offers a new code; what was typed stays.
 */
export function GuardianData({ api, candidateCode }: GuardianDataProps) {
  const ids = `data-${useId().replace(/:/g, '')}`;
  const [otp, setOtp] = useState('');
  const [otpProblem, setOtpProblem] = useState<{ otp?: string; general?: string }>({});
  const [opening, setOpening] = useState(false);
  const [session, setSession] = useState<GuardianSession | null>(null);
  const [ended, setEnded] = useState(false);
  const [requests, setRequests] = useState<DataRequestView[] | null>(null);
  const [requestsError, setRequestsError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<DataExportFormat | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // kept here, so a request typed when the session ends is still there with the next code
  const [drafts, setDrafts] = useState<Record<DataRequestInput['kind'], string>>({ correction: '', erasure: '' });
  const sessionRef = useRef<HTMLDivElement>(null);
  const endedRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (session) sessionRef.current?.focus();
    else if (ended) endedRef.current?.focus();
  }, [session, ended]);

  /** A 401 on any call: the session is over, and the code step comes back. */
  function endSession() {
    setSession(null);
    setEnded(true);
    setOtp('');
    setOtpProblem({});
  }

  async function loadRequests(token: string) {
    setRequestsError(null);
    try {
      setRequests(await api.requests(candidateCode, token));
    } catch (error) {
      if (isSessionOver(error)) endSession();
      else setRequestsError(errorMessage(error));
    }
  }

  async function open(event: FormEvent) {
    event.preventDefault();
    if (opening) return;
    if (!isCodeFormat(otp)) {
      setOtpProblem({ otp: CONSENT_MESSAGES.otpFormat });
      return;
    }
    setOtpProblem({});
    setOpening(true);
    try {
      const started = await api.startSession(candidateCode, otp.trim());
      setEnded(false);
      setSaved(null);
      setDownloadError(null);
      setSession(started);
      void loadRequests(started.token);
    } catch (error) {
      const atCode = codeProblem(error);
      setOtpProblem(atCode ? { otp: atCode } : { general: errorMessage(error) });
    } finally {
      setOpening(false);
    }
  }

  async function download(format: DataExportFormat) {
    if (!session || downloading) return;
    setDownloading(format);
    setSaved(null);
    setDownloadError(null);
    try {
      const file = await api.download(candidateCode, format, session.token);
      saveFile(file);
      setSaved(file.fileName);
      // the server records each download as an access request: show it in the list
      void loadRequests(session.token);
    } catch (error) {
      if (isSessionOver(error)) endSession();
      else setDownloadError(errorMessage(error));
    } finally {
      setDownloading(null);
    }
  }

  /** A request recorded: at the top of the list. */
  function recorded(request: DataRequestView) {
    setRequests((known) => [request, ...(known ?? []).filter((other) => other.id !== request.id)]);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">See or correct the data</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {session ? (
          <>
            <Alert variant="success" ref={sessionRef} tabIndex={-1} data-testid="data-session">
              <AlertDescription>{DATA_RIGHTS_MESSAGES.sessionStarted}</AlertDescription>
            </Alert>

            <section aria-labelledby={`${ids}-download`} className="flex flex-col gap-3">
              <h4 id={`${ids}-download`} className="font-semibold text-slate-900">
                Download the data
              </h4>
              <p className="text-sm text-slate-700">Everything held about candidate {candidateCode}: as a JSON file (for a computer) or as a PDF (to read or print).</p>
              <div className="flex flex-wrap gap-3">
                <Button type="button" variant="outline" onClick={() => void download('json')}
                  aria-disabled={downloading !== null || undefined}
                  className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
                >
                  {downloading === 'json' ? 'Downloading...' : 'Download as JSON'}
                </Button>
                <Button type="button" variant="outline" onClick={() => void download('pdf')}
                  aria-disabled={downloading !== null || undefined}
                  className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
                >
                  {downloading === 'pdf' ? 'Downloading...' : 'Download as PDF'}
                </Button>
              </div>
              <div aria-live="polite">
                {saved ? (
                  <p className="text-sm text-green-900" data-testid="data-saved">
                    Saved as {saved}.
                  </p>
                ) : null}
              </div>
              {downloadError ? (
                <Alert variant="destructive">
                  <AlertTitle>The data was not downloaded</AlertTitle>
                  <AlertDescription>{downloadError}</AlertDescription>
                </Alert>
              ) : null}
            </section>

            {(['correction', 'erasure'] as const).map((kind) => (
              <RequestForm
                key={kind}
                api={api}
                candidateCode={candidateCode}
                token={session.token}
                kind={kind}
                details={drafts[kind]}
                onDetails={(details) => setDrafts((known) => ({ ...known, [kind]: details }))}
                onRecorded={recorded}
                onSessionOver={endSession}
              />
            ))}

            <section aria-labelledby={`${ids}-requests`} className="flex flex-col gap-3">
              <h4 id={`${ids}-requests`} className="font-semibold text-slate-900">
                Your requests
              </h4>
              {requestsError ? (
                <Alert variant="destructive">
                  <AlertTitle>The requests could not be loaded</AlertTitle>
                  <AlertDescription>{requestsError}</AlertDescription>
                </Alert>
              ) : requests === null ? (
                <p role="status">Loading the requests...</p>
              ) : requests.length === 0 ? (
                <p className="text-sm text-slate-700">No requests yet.</p>
              ) : (
                <RequestList requests={requests} />
              )}
            </section>
          </>
        ) : (
          <>
            {ended ? (
              <Alert variant="destructive" ref={endedRef} tabIndex={-1} data-testid="data-session-ended">
                <AlertTitle>Session ended</AlertTitle>
                <AlertDescription>{DATA_RIGHTS_MESSAGES.sessionExpired}</AlertDescription>
              </Alert>
            ) : null}
            <p className="text-sm text-slate-700">
              To see everything held about the candidate, download it, or ask for a correction or an erasure, ask for a data-request code. It is sent by SMS to
              the parent or guardian and opens the data for {GUARDIAN_SESSION_MINUTES} minutes.
            </p>
            <CodeSender
              send={() => api.sendOtp(candidateCode, 'data-request')}
              sendLabel="Send data-request code"
              resendLabel="Send a new data-request code"
              disabled={!candidateCode}
              testId="data-code-sent"
            />
            <form aria-label="Open the data" noValidate onSubmit={(event) => void open(event)} className="flex flex-col gap-4">
              {otpProblem.general ? (
                <Alert variant="destructive">
                  <AlertTitle>The code was not accepted</AlertTitle>
                  <AlertDescription>{otpProblem.general}</AlertDescription>
                </Alert>
              ) : null}
              <CodeField id={`${ids}-otp`} label="Data-request code" value={otp} onChange={setOtp} problem={otpProblem.otp} />
              <div>
                <Button type="submit" disabled={opening || !candidateCode}>
                  {opening ? 'Checking...' : 'Confirm code'}
                </Button>
              </div>
            </form>
          </>
        )}
      </CardContent>
    </Card>
  );
}

const REQUEST_TEXT = {
  correction: {
    title: 'Ask for a correction',
    explain: 'If something held about the candidate is wrong, say what it is and what it should say. The organisers check it and answer.',
    label: 'What is wrong, and what it should say',
    submit: 'Send correction request',
    tooShortOrLong: DATA_RIGHTS_MESSAGES.details,
  },
  erasure: {
    title: 'Ask for an erasure',
    explain:
      'Ask the organisers to erase data they no longer need. To stop all use of the data at once and erase it now, withdraw consent above instead.',
    label: 'Reason (optional)',
    submit: 'Send erasure request',
    tooShortOrLong: DATA_RIGHTS_MESSAGES.erasureDetails,
  },
} as const;

interface RequestFormProps {
  api: GuardianRightsApi;
  candidateCode: string;
  token: string;
  kind: DataRequestInput['kind'];
  details: string;
  onDetails: (details: string) => void;
  onRecorded: (request: DataRequestView) => void;
  onSessionOver: () => void;
}

/** A correction (10 to 2000 characters) or an erasure (an optional reason) request. */
function RequestForm({ api, candidateCode, token, kind, details, onDetails, onRecorded, onSessionOver }: RequestFormProps) {
  const ids = `${kind}-${useId().replace(/:/g, '')}`;
  const text = REQUEST_TEXT[kind];
  const [problem, setProblem] = useState<{ details?: string; general?: string }>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const trimmed = details.trim();
    const min = kind === 'correction' ? DETAILS_MIN : 0;
    if (trimmed.length < min || trimmed.length > DETAILS_MAX) {
      setProblem({ details: text.tooShortOrLong });
      return;
    }
    setProblem({});
    setDone(null);
    setSending(true);
    try {
      const answer = await api.request(candidateCode, { kind, details: trimmed }, token);
      setDone(answer.message || requestRecordedMessage(new Date(answer.data.dueAt)));
      onDetails('');
      onRecorded(answer.data);
    } catch (error) {
      if (isSessionOver(error)) {
        onSessionOver();
        return;
      }
      const atDetails = fieldMessage(error, 'details');
      setProblem(atDetails ? { details: atDetails } : { general: errorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  const fieldId = `${ids}-details`;
  const countId = `${ids}-count`;
  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-3">
      <h4 id={`${ids}-title`} className="font-semibold text-slate-900">
        {text.title}
      </h4>
      <p className="text-sm text-slate-700">{text.explain}</p>
      <form aria-label={text.title} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        {problem.general ? (
          <Alert variant="destructive">
            <AlertTitle>The request was not recorded</AlertTitle>
            <AlertDescription>{problem.general}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fieldId}>{text.label}</Label>
          <Textarea
            id={fieldId}
            value={details}
            onChange={(event) => onDetails(event.target.value)}
            aria-invalid={problem.details ? true : undefined}
            aria-describedby={problem.details ? `${fieldId}-error ${countId}` : countId}
          />
          <p id={countId} className="text-xs text-slate-600">
            {details.trim().length} of at most {DETAILS_MAX} characters{kind === 'correction' ? ` (at least ${DETAILS_MIN})` : ''}.
          </p>
          <FieldError id={`${fieldId}-error`} message={problem.details} />
        </div>
        <div>
          <Button type="submit" variant="secondary" disabled={sending}>
            {sending ? 'Sending...' : text.submit}
          </Button>
        </div>
        <div aria-live="polite">
          {done ? (
            <p className="text-sm font-medium text-green-900" data-testid={`${kind}-recorded`}>
              {done}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** The candidate's requests: what, when, its state and the date it must be answered by. */
function RequestList({ requests }: { requests: DataRequestView[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Requests about the candidate&apos;s data</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="p-2">Request</th>
            <th scope="col" className="p-2">Kind</th>
            <th scope="col" className="p-2">Asked on</th>
            <th scope="col" className="p-2">Status</th>
            <th scope="col" className="p-2">Answer due by</th>
            <th scope="col" className="p-2">Answer</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id} className="border-b border-slate-200 align-top">
              <th scope="row" className="p-2 font-mono font-semibold">{request.id}</th>
              <td className="p-2">{DATA_REQUEST_KIND_LABELS[request.kind]}</td>
              <td className="p-2">{dayOf(request.requestedAt)}</td>
              <td className="p-2">{STATUS_LABELS[request.status]}</td>
              <td className="p-2">{dayOf(request.dueAt)}</td>
              <td className="p-2">{request.resolution ?? (request.status === 'open' ? 'Not answered yet' : '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
