import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, useLocale, useToast } from '@kbe/ui';
import { HttpError, saveBlob } from '@kbe/api-client';
import type { CandidateResult, CandidateSearchResult } from '@kbe/contracts';
import { bestCertificateKind, certificateKindsOf, consentPagePath, documentFileName, type CertificateKind, type DocumentKind } from '@kbe/contracts/zod-free';
import { BRAND } from '@kbe/content';
import { localizedPath } from '@kbe/i18n';
import { documentArgument, DownloadsMessagesReady, downloadsPageMeta, useDownloadsMessages, type DownloadsMessageKey } from '../i18n/downloads.catalogue';
import { useDownloadsApi, type CertificateChoice } from './downloads-api';
import { downloadFailure, resultFailure, searchFailure } from './download-outcome';

// Shown only after a result is asked for: kept out of the page's first load.
const CandidateResultPanel = lazy(() => import('./candidate-result-panel').then((module) => ({ default: module.CandidateResultPanel })));

type Step = 'search' | 'verify' | 'download';

export const REGISTRATION_NUMBER_MAX_LENGTH = 20;
export const REGISTRATION_NUMBER_PLACEHOLDER = 'KBE123456789';

const HELP_TIPS: readonly DownloadsMessageKey[] = ['help.number', 'help.mother', 'help.release', 'help.contact'];

const KINDS: DocumentKind[] = ['hall-ticket', 'certificate'];

/** What the verify step's form does first: download the chosen document, or show the result (`?action=result`). */
export type DownloadsAction = 'download' | 'result';

/**
 * /einstein-quest/downloads: search, verify with the mother's name, download (spec sections 2 and
 * 4); the same form shows the result, first with `action="result"`.
 */
export function DownloadsPage({ action = 'download' }: { action?: DownloadsAction }) {
  return (
    <DownloadsMessagesReady>
      <DownloadSteps action={action} />
    </DownloadsMessagesReady>
  );
}

function DownloadSteps({ action }: { action: DownloadsAction }) {
  const api = useDownloadsApi();
  const locale = useLocale();
  const t = useDownloadsMessages();
  const { title } = downloadsPageMeta(locale, BRAND.name);
  const { toast } = useToast();
  const ids = useId();
  const [step, setStep] = useState<Step>('search');
  const [registrationNumber, setRegistrationNumber] = useState('');
  const [kind, setKind] = useState<DocumentKind>('hall-ticket');
  const [candidate, setCandidate] = useState<CandidateSearchResult | null>(null);
  const [motherName, setMotherName] = useState('');
  const [loading, setLoading] = useState(false);
  const [retryNotice, setRetryNotice] = useState<string | null>(null);
  const [savedFile, setSavedFile] = useState<string | null>(null);
  /** The result shown after 'View Result' (same name check as a download); its earned certificates are offered. */
  const [result, setResult] = useState<CandidateResult | null>(null);
  const [certificateKind, setCertificateKind] = useState<CertificateKind | null>(null);

  useEffect(() => {
    document.title = title;
  }, [title]);

  /** 'Back to Search' and 'Download Another Document': everything back to the start. */
  const reset = () => {
    setStep('search');
    setRegistrationNumber('');
    setKind('hall-ticket');
    setCandidate(null);
    setMotherName('');
    setRetryNotice(null);
    setSavedFile(null);
    setResult(null);
    setCertificateKind(null);
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const code = registrationNumber.trim();
    if (code === '') {
      toast({ title: t('download.validationError.title'), description: t('download.validationError.text'), variant: 'destructive' });
      return;
    }
    setLoading(true);
    setRetryNotice(null);
    try {
      setCandidate(await api.search(code));
      setStep('verify');
    } catch (error) {
      const failure = searchFailure(error, { locale, t });
      if (error instanceof HttpError && error.status === 429) setRetryNotice(failure.description);
      toast({ ...failure, variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  };

  const verifyAndDownload = async (event: FormEvent) => {
    event.preventDefault();
    if (!candidate) return;
    const name = motherName.trim();
    if (name === '') {
      toast({ title: t('download.verificationRequired.title'), description: t('download.verificationRequired.text'), variant: 'destructive' });
      return;
    }
    setLoading(true);
    setRetryNotice(null);
    // a certificate of the result shown: its level and the kind chosen (without a result, the server's best)
    const choice: CertificateChoice | null = kind === 'certificate' && result && certificateKind ? { level: result.level, kind: certificateKind } : null;
    try {
      const pdf = await (choice ? api.download(candidate.candidateCode, kind, name, choice) : api.download(candidate.candidateCode, kind, name));
      const fileName = documentFileName(candidate.candidateCode, kind);
      saveBlob(pdf, fileName);
      setSavedFile(fileName);
      setStep('download');
      toast({ title: t('download.downloadSuccessful.title'), description: t('download.downloaded', { document: documentArgument(kind) }) });
    } catch (error) {
      const failure = downloadFailure(error, kind, { locale, t });
      if (error instanceof HttpError && error.status === 429) setRetryNotice(failure.description);
      toast({ ...failure, variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  };

  /** 'View Result': the same name check as a download, then the latest published result. */
  const showResult = async () => {
    if (!candidate) return;
    const name = motherName.trim();
    if (name === '') {
      toast({ title: t('download.verificationRequired.title'), description: t('download.verificationRequired.text'), variant: 'destructive' });
      return;
    }
    setLoading(true);
    setRetryNotice(null);
    try {
      const shown = await api.result(candidate.candidateCode, name);
      setResult(shown);
      setCertificateKind(bestCertificateKind(shown));
    } catch (error) {
      const failure = resultFailure(error, { locale, t });
      if (error instanceof HttpError && error.status === 429) setRetryNotice(failure.description);
      toast({ ...failure, variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  };

  const earnedKinds = result ? certificateKindsOf(result) : [];

  return (
    <div className="mx-auto w-full min-w-0 max-w-3xl px-3 py-8 sm:px-6">
      <header className="mb-6 text-center">
        <h1 className="text-2xl font-extrabold leading-tight text-slate-900 sm:text-4xl">{t('page.heading')}</h1>
        <p className="mt-2 text-slate-700">{t('page.intro')}</p>
      </header>

      <ol aria-label={t('steps.label')} className="mb-6 flex justify-center gap-2 text-sm font-semibold">
        {(['search', 'verify', 'download'] as Step[]).map((name, index) => (
          <li
            key={name}
            aria-current={step === name ? 'step' : undefined}
            className={`rounded-full px-3 py-1 ${step === name ? 'bg-indigo-700 text-white' : 'bg-slate-100 text-slate-700'}`}
          >
            {t('steps.item', { number: index + 1, step: name })}
          </li>
        ))}
      </ol>

      {retryNotice ? (
        <Alert variant="destructive" className="mb-4" data-testid="retry-notice">
          <AlertTitle>{t('retry.title')}</AlertTitle>
          <AlertDescription>{retryNotice}</AlertDescription>
        </Alert>
      ) : null}

      {step === 'search' ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('search.title')}</CardTitle>
            <CardDescription>{action === 'result' ? t('search.resultDescription') : t('search.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <form aria-label={t('search.form')} className="flex flex-col gap-4" onSubmit={(event) => void search(event)} noValidate>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${ids}-number`}>{t('search.number')}</Label>
                <Input
                  id={`${ids}-number`}
                  name="registrationNumber"
                  value={registrationNumber}
                  maxLength={REGISTRATION_NUMBER_MAX_LENGTH}
                  placeholder={REGISTRATION_NUMBER_PLACEHOLDER}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  onChange={(event) => setRegistrationNumber(event.target.value.toUpperCase())}
                />
              </div>
              <RadioChoices
                legend={t('search.document')}
                name="documentType"
                values={KINDS}
                value={kind}
                onChange={setKind}
                labelOf={(value) => t('document.label', { document: documentArgument(value) })}
              />
              <Button type="submit" disabled={loading} aria-busy={loading}>
                {loading ? t('search.busy') : t('search.submit')}
              </Button>
            </form>
          </CardContent>
        </Card>
      ) : null}

      {step === 'verify' && candidate?.consentStatus === 'withdrawn' ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('withdrawn.title')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Alert variant="info" data-testid="registration-withdrawn">
              <AlertDescription>{t('dataRights.registrationWithdrawn')}</AlertDescription>
            </Alert>
            <div>
              <Button type="button" variant="outline" onClick={reset}>
                {t('back')}
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : step === 'verify' && candidate ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('verify.title')}</CardTitle>
            <CardDescription>{t('verify.description', { document: documentArgument(kind) })}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2" data-testid="candidate-details">
              <Detail term={t('details.name')} value={candidate.personalDetails.fullName} />
              <Detail term={t('details.father')} value={candidate.personalDetails.fatherName} />
              <Detail term={t('details.number')} value={candidate.candidateCode} />
              <Detail term={t('details.mobile')} value={candidate.contactDetails.phoneNumber} />
            </dl>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <Availability kind="hall-ticket" released={candidate.hallTicketReleased} />
              <Availability kind="certificate" released={candidate.certificateReleased} />
            </div>
            {candidate.consentStatus === 'pending' ? (
              <Alert variant="info" data-testid="consent-pending">
                <AlertTitle>{t('consentPending.title')}</AlertTitle>
                <AlertDescription>
                  {t('consentPending.text')}{' '}
                  <a className="font-semibold underline underline-offset-4" href={localizedPath(locale, consentPagePath(candidate.candidateCode))}>
                    {t('consentPending.link')}
                  </a>
                </AlertDescription>
              </Alert>
            ) : null}
            <form
              aria-label={t('verify.form')}
              className="flex flex-col gap-4"
              onSubmit={(event) => {
                if (action === 'result') {
                  event.preventDefault();
                  void showResult();
                } else void verifyAndDownload(event);
              }}
              noValidate
            >
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${ids}-mother`}>{t('verify.mother')}</Label>
                <Input
                  id={`${ids}-mother`}
                  name="motherName"
                  value={motherName}
                  autoComplete="off"
                  placeholder={t('verify.motherPlaceholder')}
                  onChange={(event) => setMotherName(event.target.value)}
                />
              </div>
              {kind === 'certificate' && earnedKinds.length > 0 ? (
                <RadioChoices
                  legend={t('certificate.kind')}
                  name="certificateKind"
                  values={earnedKinds}
                  value={certificateKind}
                  onChange={setCertificateKind}
                  labelOf={(value) => t('certificate.kindName', { kind: value })}
                  testId="certificate-kinds"
                />
              ) : null}
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button type="button" variant="outline" onClick={reset} disabled={loading}>
                  {t('back')}
                </Button>
                {action === 'result' ? (
                  <>
                    <Button type="button" variant="outline" onClick={(event) => void verifyAndDownload(event)} disabled={loading} aria-busy={loading}>
                      {loading ? t('verify.busy') : t('verify.submit')}
                    </Button>
                    <Button type="submit" disabled={loading} aria-busy={loading} className="sm:flex-1">
                      {loading ? t('result.busy') : t('result.view')}
                    </Button>
                  </>
                ) : (
                  <>
                    <Button type="button" variant="outline" onClick={() => void showResult()} disabled={loading} aria-busy={loading}>
                      {loading ? t('result.busy') : t('result.view')}
                    </Button>
                    <Button type="submit" disabled={loading} aria-busy={loading} className="sm:flex-1">
                      {loading ? t('verify.busy') : t('verify.submit')}
                    </Button>
                  </>
                )}
              </div>
            </form>
            {result ? (
              <Suspense fallback={null}>
                <CandidateResultPanel result={result} />
              </Suspense>
            ) : null}
          </CardContent>
        </Card>
      ) : null}

      {step === 'download' && savedFile ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 p-6 text-center">
            <Alert variant="success" data-testid="download-success">
              <AlertTitle>{t('download.downloadSuccessful.title')}</AlertTitle>
              <AlertDescription>{t('download.downloaded', { document: documentArgument(kind) })}</AlertDescription>
            </Alert>
            <p className="text-slate-800">
              {t('done.file')} <span className="font-mono font-semibold" data-testid="downloaded-file-name">{savedFile}</span>
            </p>
            <Button type="button" onClick={reset}>
              {t('done.again')}
            </Button>
          </CardContent>
        </Card>
      ) : null}

      <aside aria-labelledby={`${ids}-help`} className="mt-8 rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-indigo-950">
        <h2 id={`${ids}-help`} className="mb-2 font-bold">
          {t('help.title')}
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {HELP_TIPS.map((tip) => (
            <li key={tip}>{t(tip)}</li>
          ))}
        </ul>
      </aside>
    </div>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** A question answered by one of a few choices, as radio buttons in a row (they wrap on a phone). */
function RadioChoices<T extends string>(props: {
  legend: string;
  name: string;
  values: readonly T[];
  value: T | null;
  onChange: (value: T) => void;
  labelOf: (value: T) => string;
  testId?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2" data-testid={props.testId}>
      <legend className="mb-1 text-sm font-semibold text-slate-900">{props.legend}</legend>
      <div className="flex flex-wrap gap-4">
        {props.values.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-slate-900">
            <input type="radio" name={props.name} value={value} checked={props.value === value} onChange={() => props.onChange(value)} className="h-4 w-4" />
            {props.labelOf(value)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Availability({ kind, released }: { kind: DocumentKind; released: boolean }) {
  const t = useDownloadsMessages();
  return (
    <div
      className={`rounded-lg border p-3 ${released ? 'border-green-700 bg-green-50 text-green-900' : 'border-slate-300 bg-slate-50 text-slate-800'}`}
      data-testid={`availability-${kind}`}
    >
      <p className="text-sm font-semibold">{t('document.label', { document: documentArgument(kind) })}</p>
      <p className="text-base font-bold">{released ? t('availability.available') : t('availability.notReleased')}</p>
    </div>
  );
}
