import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { HttpError, errorMessage } from '@kbe/api-client';
import {
  CONSENT_MESSAGES,
  DATA_RIGHTS_MESSAGES,
  GUARDIAN_SESSION_MINUTES,
  type DataRequestInput,
  type DataRequestView,
  type GuardianSession,
} from '@kbe/contracts/zod-free';
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from '@kbe/i18n';
import { Alert, AlertDescription, AlertTitle, Button, Card, CardContent, CardHeader, CardTitle, FieldError, Label, Textarea, useLocale } from '@kbe/ui';
import { CodeField, CodeSender, codeProblem, fieldMessage, isCodeFormat } from './guardian-code';
import type { DataExportFormat, DownloadedFile, GuardianRightsApi } from './guardian-rights.api';
import { plainNumber, useConsentMessages, type ConsentMessageKey } from './i18n/consent.catalogue';
import { useServerText } from './i18n/server-text';

/** The limits of a request's text, as registration-service checks them (after trimming). */
const DETAILS_MIN = 10;
const DETAILS_MAX = 2000;

/** `25 February 2027` (or in Marathi, Hindi), in India time as the organisers' dates are. */
export function dayOf(iso: string, locale: Locale = DEFAULT_LOCALE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
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
  const locale = useLocale();
  const t = useConsentMessages();
  const say = useServerText();
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
        <CardTitle as="h3">{t('data.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {session ? (
          <>
            <Alert variant="success" ref={sessionRef} tabIndex={-1} data-testid="data-session">
              <AlertDescription>{t('dataRights.sessionStarted')}</AlertDescription>
            </Alert>

            <section aria-labelledby={`${ids}-download`} className="flex flex-col gap-3">
              <h4 id={`${ids}-download`} className="font-semibold text-slate-900">
                {t('data.download.title')}
              </h4>
              <p className="text-sm text-slate-700">{t('data.download.text', { code: candidateCode })}</p>
              <div className="flex flex-wrap gap-3">
                <Button type="button" variant="outline" onClick={() => void download('json')}
                  aria-disabled={downloading !== null || undefined}
                  className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
                >
                  {downloading === 'json' ? t('data.download.busy') : t('data.download.json')}
                </Button>
                <Button type="button" variant="outline" onClick={() => void download('pdf')}
                  aria-disabled={downloading !== null || undefined}
                  className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
                >
                  {downloading === 'pdf' ? t('data.download.busy') : t('data.download.pdf')}
                </Button>
              </div>
              <div aria-live="polite">
                {saved ? (
                  <p className="text-sm text-green-900" data-testid="data-saved">
                    {t('data.download.saved', { file: saved })}
                  </p>
                ) : null}
              </div>
              {downloadError ? (
                <Alert variant="destructive">
                  <AlertTitle>{t('data.download.error')}</AlertTitle>
                  <AlertDescription>{say(downloadError)}</AlertDescription>
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
                {t('data.requests.title')}
              </h4>
              {requestsError ? (
                <Alert variant="destructive">
                  <AlertTitle>{t('data.requests.error')}</AlertTitle>
                  <AlertDescription>{say(requestsError)}</AlertDescription>
                </Alert>
              ) : requests === null ? (
                <p role="status">{t('data.requests.loading')}</p>
              ) : requests.length === 0 ? (
                <p className="text-sm text-slate-700">{t('data.requests.none')}</p>
              ) : (
                <RequestList requests={requests} />
              )}
            </section>
          </>
        ) : (
          <>
            {ended ? (
              <Alert variant="destructive" ref={endedRef} tabIndex={-1} data-testid="data-session-ended">
                <AlertTitle>{t('data.ended')}</AlertTitle>
                <AlertDescription>{t('dataRights.sessionExpired')}</AlertDescription>
              </Alert>
            ) : null}
            <p className="text-sm text-slate-700">{t('data.how', { minutes: plainNumber(locale, GUARDIAN_SESSION_MINUTES) })}</p>
            <CodeSender
              send={() => api.sendOtp(candidateCode, 'data-request')}
              sendLabel={t('data.send')}
              resendLabel={t('data.resend')}
              disabled={!candidateCode}
              testId="data-code-sent"
            />
            <form aria-label={t('data.form')} noValidate onSubmit={(event) => void open(event)} className="flex flex-col gap-4">
              {otpProblem.general ? (
                <Alert variant="destructive">
                  <AlertTitle>{t('data.error')}</AlertTitle>
                  <AlertDescription>{say(otpProblem.general)}</AlertDescription>
                </Alert>
              ) : null}
              <CodeField id={`${ids}-otp`} label={t('data.code')} value={otp} onChange={setOtp} problem={say(otpProblem.otp)} />
              <div>
                <Button type="submit" disabled={opening || !candidateCode}>
                  {opening ? t('data.busy') : t('data.submit')}
                </Button>
              </div>
            </form>
          </>
        )}
      </CardContent>
    </Card>
  );
}

const REQUEST_TEXT: Record<DataRequestInput['kind'], { title: ConsentMessageKey; explain: ConsentMessageKey; label: ConsentMessageKey; submit: ConsentMessageKey; tooShortOrLong: string }> = {
  correction: {
    title: 'correction.title',
    explain: 'correction.explain',
    label: 'correction.label',
    submit: 'correction.submit',
    tooShortOrLong: DATA_RIGHTS_MESSAGES.details,
  },
  erasure: {
    title: 'erasure.title',
    explain: 'erasure.explain',
    label: 'erasure.label',
    submit: 'erasure.submit',
    tooShortOrLong: DATA_RIGHTS_MESSAGES.erasureDetails,
  },
};

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
  const locale = useLocale();
  const t = useConsentMessages();
  const say = useServerText();
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
      setDone(answer.message || t('dataRights.requestRecordedBy', { date: dayOf(answer.data.dueAt, locale) }));
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
        {t(text.title)}
      </h4>
      <p className="text-sm text-slate-700">{t(text.explain)}</p>
      <form aria-label={t(text.title)} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        {problem.general ? (
          <Alert variant="destructive">
            <AlertTitle>{t('request.error')}</AlertTitle>
            <AlertDescription>{say(problem.general)}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fieldId}>{t(text.label)}</Label>
          <Textarea
            id={fieldId}
            value={details}
            onChange={(event) => onDetails(event.target.value)}
            aria-invalid={problem.details ? true : undefined}
            aria-describedby={problem.details ? `${fieldId}-error ${countId}` : countId}
          />
          <p id={countId} className="text-xs text-slate-600">
            {t('request.count', { count: plainNumber(locale, details.trim().length), max: plainNumber(locale, DETAILS_MAX), min: plainNumber(locale, DETAILS_MIN), kind })}
          </p>
          <FieldError id={`${fieldId}-error`} message={say(problem.details)} />
        </div>
        <div>
          <Button type="submit" variant="secondary" disabled={sending}>
            {sending ? t('sender.busy') : t(text.submit)}
          </Button>
        </div>
        <div aria-live="polite">
          {done ? (
            <p className="text-sm font-medium text-green-900" data-testid={`${kind}-recorded`}>
              {say(done)}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** The candidate's requests: what, when, its state and the date it must be answered by. */
function RequestList({ requests }: { requests: DataRequestView[] }) {
  const locale = useLocale();
  const t = useConsentMessages();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('requests.caption')}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="p-2">{t('requests.id')}</th>
            <th scope="col" className="p-2">{t('requests.kind')}</th>
            <th scope="col" className="p-2">{t('requests.askedOn')}</th>
            <th scope="col" className="p-2">{t('requests.status')}</th>
            <th scope="col" className="p-2">{t('requests.dueBy')}</th>
            <th scope="col" className="p-2">{t('requests.answer')}</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id} className="border-b border-slate-200 align-top">
              <th scope="row" className="p-2 font-mono font-semibold">{request.id}</th>
              <td className="p-2">{t('requests.kindValue', { kind: request.kind })}</td>
              <td className="p-2">{dayOf(request.requestedAt, locale)}</td>
              <td className="p-2">{t('requests.statusValue', { status: request.status })}</td>
              <td className="p-2">{dayOf(request.dueAt, locale)}</td>
              <td className="p-2">{request.resolution ?? (request.status === 'open' ? t('requests.notAnswered') : '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
