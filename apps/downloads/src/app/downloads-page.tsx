import { useEffect, useId, useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, useToast } from '@kbe/ui';
import { HttpError } from '@kbe/api-client';
import type { CandidateSearchResult } from '@kbe/contracts';
import {
  DATA_RIGHTS_MESSAGES,
  DOWNLOAD_MESSAGES,
  consentPagePath,
  documentFileName,
  documentLabel,
  downloadedMessage,
  type DocumentKind,
} from '@kbe/contracts/zod-free';
import { BRAND } from '@kbe/content';
import { useDownloadsApi } from './downloads-api';
import { downloadFailure, searchFailure } from './download-outcome';
import { saveBlob } from './save-file';

type Step = 'search' | 'verify' | 'download';

export const REGISTRATION_NUMBER_MAX_LENGTH = 20;
export const REGISTRATION_NUMBER_PLACEHOLDER = 'KBE123456789';
export const DOWNLOADS_PAGE_TITLE = `Downloads - ${BRAND.name}`;
/** The page's meta description (what a search result shows), in its prerendered HTML. */
export const DOWNLOADS_PAGE_DESCRIPTION = 'Download your hall ticket or certificate with your registration number and your mother\'s name.';

export const HELP_TIPS = [
  'Make sure your registration number is correct; it is printed on your registration confirmation.',
  "Your mother's name must match exactly the name given at registration.",
  'Hall tickets and certificates appear here only after their official release.',
  'For any problem, contact the examination authority.',
];

const KINDS: DocumentKind[] = ['hall-ticket', 'certificate'];

/** /einstein-quest/downloads: search, verify with the mother's name, download (spec sections 2 and 4). */
export function DownloadsPage() {
  const api = useDownloadsApi();
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

  useEffect(() => {
    document.title = DOWNLOADS_PAGE_TITLE;
  }, []);

  /** 'Back to Search' and 'Download Another Document': everything back to the start. */
  const reset = () => {
    setStep('search');
    setRegistrationNumber('');
    setKind('hall-ticket');
    setCandidate(null);
    setMotherName('');
    setRetryNotice(null);
    setSavedFile(null);
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const code = registrationNumber.trim();
    if (code === '') {
      toast({ ...toastText(DOWNLOAD_MESSAGES.validationError), variant: 'destructive' });
      return;
    }
    setLoading(true);
    setRetryNotice(null);
    try {
      setCandidate(await api.search(code));
      setStep('verify');
    } catch (error) {
      const failure = searchFailure(error);
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
      toast({ ...toastText(DOWNLOAD_MESSAGES.verificationRequired), variant: 'destructive' });
      return;
    }
    setLoading(true);
    setRetryNotice(null);
    try {
      const pdf = await api.download(candidate.candidateCode, kind, name);
      const fileName = documentFileName(candidate.candidateCode, kind);
      saveBlob(pdf, fileName);
      setSavedFile(fileName);
      setStep('download');
      toast({ title: DOWNLOAD_MESSAGES.downloadSuccessful.title, description: downloadedMessage(kind) });
    } catch (error) {
      const failure = downloadFailure(error, kind);
      if (error instanceof HttpError && error.status === 429) setRetryNotice(failure.description);
      toast({ ...failure, variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="mx-auto w-full min-w-0 max-w-3xl px-3 py-8 sm:px-6">
      <header className="mb-6 text-center">
        <h1 className="text-2xl font-extrabold leading-tight text-slate-900 sm:text-4xl">Download Documents</h1>
        <p className="mt-2 text-slate-700">Download your hall ticket or certificate with your registration number.</p>
      </header>

      <ol aria-label="Steps" className="mb-6 flex justify-center gap-2 text-sm font-semibold">
        {(['search', 'verify', 'download'] as Step[]).map((name, index) => (
          <li
            key={name}
            aria-current={step === name ? 'step' : undefined}
            className={`rounded-full px-3 py-1 ${step === name ? 'bg-indigo-700 text-white' : 'bg-slate-100 text-slate-700'}`}
          >
            {index + 1}. {name === 'search' ? 'Search' : name === 'verify' ? 'Verify' : 'Download'}
          </li>
        ))}
      </ol>

      {retryNotice ? (
        <Alert variant="destructive" className="mb-4" data-testid="retry-notice">
          <AlertTitle>Too many attempts</AlertTitle>
          <AlertDescription>{retryNotice}</AlertDescription>
        </Alert>
      ) : null}

      {step === 'search' ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Search Candidate</CardTitle>
            <CardDescription>Enter your registration number and choose the document.</CardDescription>
          </CardHeader>
          <CardContent>
            <form aria-label="Search candidate" className="flex flex-col gap-4" onSubmit={(event) => void search(event)} noValidate>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${ids}-number`}>Registration Number</Label>
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
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-semibold text-slate-900">Document</legend>
                <div className="flex flex-wrap gap-4">
                  {KINDS.map((value) => (
                    <label key={value} className="flex min-h-11 items-center gap-2 text-slate-900">
                      <input
                        type="radio"
                        name="documentType"
                        value={value}
                        checked={kind === value}
                        onChange={() => setKind(value)}
                        className="h-4 w-4"
                      />
                      {documentLabel(value)}
                    </label>
                  ))}
                </div>
              </fieldset>
              <Button type="submit" disabled={loading} aria-busy={loading}>
                {loading ? 'Searching...' : 'Search Candidate'}
              </Button>
            </form>
          </CardContent>
        </Card>
      ) : null}

      {step === 'verify' && candidate?.consentStatus === 'withdrawn' ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Registration Withdrawn</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Alert variant="info" data-testid="registration-withdrawn">
              <AlertDescription>{DATA_RIGHTS_MESSAGES.registrationWithdrawn}</AlertDescription>
            </Alert>
            <div>
              <Button type="button" variant="outline" onClick={reset}>
                Back to Search
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : step === 'verify' && candidate ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Verify Your Identity</CardTitle>
            <CardDescription>Check your details and enter your mother&apos;s name to download your {documentLabel(kind).toLowerCase()}.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2" data-testid="candidate-details">
              <Detail term="Candidate Name" value={candidate.personalDetails.fullName} />
              <Detail term="Father's Name" value={candidate.personalDetails.fatherName} />
              <Detail term="Registration Number" value={candidate.candidateCode} />
              <Detail term="Mobile" value={candidate.contactDetails.phoneNumber} />
            </dl>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <Availability label="Hall Ticket" released={candidate.hallTicketReleased} />
              <Availability label="Certificate" released={candidate.certificateReleased} />
            </div>
            {candidate.consentStatus === 'pending' ? (
              <Alert variant="info" data-testid="consent-pending">
                <AlertTitle>Parental consent is pending</AlertTitle>
                <AlertDescription>
                  The hall ticket and the certificate are released only after a parent or guardian gives consent.{' '}
                  <a className="font-semibold underline underline-offset-4" href={consentPagePath(candidate.candidateCode)}>
                    Give parental consent
                  </a>
                </AlertDescription>
              </Alert>
            ) : null}
            <form aria-label="Verify and download" className="flex flex-col gap-4" onSubmit={(event) => void verifyAndDownload(event)} noValidate>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${ids}-mother`}>Mother&apos;s Name</Label>
                <Input
                  id={`${ids}-mother`}
                  name="motherName"
                  value={motherName}
                  autoComplete="off"
                  placeholder="Enter your mother's name"
                  onChange={(event) => setMotherName(event.target.value)}
                />
              </div>
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button type="button" variant="outline" onClick={reset} disabled={loading}>
                  Back to Search
                </Button>
                <Button type="submit" disabled={loading} aria-busy={loading} className="sm:flex-1">
                  {loading ? 'Verifying...' : 'Verify & Download'}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      ) : null}

      {step === 'download' && savedFile ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 p-6 text-center">
            <Alert variant="success" data-testid="download-success">
              <AlertTitle>{DOWNLOAD_MESSAGES.downloadSuccessful.title}</AlertTitle>
              <AlertDescription>{downloadedMessage(kind)}</AlertDescription>
            </Alert>
            <p className="text-slate-800">
              File: <span className="font-mono font-semibold" data-testid="downloaded-file-name">{savedFile}</span>
            </p>
            <Button type="button" onClick={reset}>
              Download Another Document
            </Button>
          </CardContent>
        </Card>
      ) : null}

      <aside aria-labelledby={`${ids}-help`} className="mt-8 rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-indigo-950">
        <h2 id={`${ids}-help`} className="mb-2 font-bold">
          Need help?
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {HELP_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </aside>
    </div>
  );
}

function toastText(message: { title: string; text: string }) {
  return { title: message.title, description: message.text };
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function Availability({ label, released }: { label: string; released: boolean }) {
  return (
    <div
      className={`rounded-lg border p-3 ${released ? 'border-green-700 bg-green-50 text-green-900' : 'border-slate-300 bg-slate-50 text-slate-800'}`}
      data-testid={`availability-${label.toLowerCase().replace(' ', '-')}`}
    >
      <p className="text-sm font-semibold">{label}</p>
      <p className="text-base font-bold">{released ? 'Available' : 'Not Released'}</p>
    </div>
  );
}
