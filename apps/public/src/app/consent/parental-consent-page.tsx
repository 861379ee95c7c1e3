import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { HttpError, errorMessage } from '@kbe/api-client';
import {
  CONSENT_MESSAGES,
  CONSENT_NOTICE_LANGUAGE_NAMES,
  CONSENT_NOTICE_LANGUAGES,
  CONSENT_OTP_RULES,
  CONSENT_PAGE_PREFIX,
  type ConsentGiven,
  type ConsentNotice,
  type ConsentNoticeLanguage,
} from '@kbe/contracts/zod-free';
import { Alert, AlertDescription, AlertTitle, Button, Card, CardContent, CardHeader, CardTitle, FieldError } from '@kbe/ui';
import { PageHero } from '../common/page-hero';
import { usePageMeta } from '../common/page-meta.hook';
import { CodeField, CodeSender, fieldMessage, isCodeFormat } from './guardian-code';
import { GuardianRights, useConsentStatus } from './guardian-rights';
import { createGuardianRightsApi, type GuardianRightsApi } from './guardian-rights.api';
import { createConsentApi, type ConsentApi } from './parental-consent.api';

const defaultApi = createConsentApi();
const defaultRightsApi = createGuardianRightsApi();

/** The candidate code of a consent page's path (`/einstein-quest/parental-consent/KBE123456ABC`). */
export function candidateCodeOfPath(pathname: string): string {
  const rest = pathname.startsWith(`${CONSENT_PAGE_PREFIX}/`) ? pathname.slice(CONSENT_PAGE_PREFIX.length + 1) : '';
  try {
    return decodeURIComponent(rest.split('/')[0] ?? '').trim().toUpperCase();
  } catch {
    return '';
  }
}

const isAlreadyGiven = (error: unknown) => error instanceof HttpError && error.status === 409 && error.message === CONSENT_MESSAGES.alreadyGiven;

interface Problems {
  otp?: string;
  declaration?: string;
  /** Anything else, said once above the form. */
  general?: string;
}

/**
 * The parental-consent page (linked from the consent SMS, the registration and the downloads
 * page): the notice in English, Marathi or Hindi, a code sent by SMS to the parent or guardian,
 * and their confirmation with the code and the declaration. What was typed stays after an error.
 * Below, for every status, the guardian's rights over the child's data (guardian-rights.tsx).
 */
export function ParentalConsentPage({ api = defaultApi, rightsApi = defaultRightsApi }: { api?: ConsentApi; rightsApi?: GuardianRightsApi }) {
  usePageMeta('parental-consent');
  const ids = `consent-${useId().replace(/:/g, '')}`;
  const candidateCode = candidateCodeOfPath(useLocation().pathname);
  const [lang, setLang] = useState<ConsentNoticeLanguage>('en');
  const [notice, setNotice] = useState<ConsentNotice | null>(null);
  const [noticeError, setNoticeError] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [declared, setDeclared] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [given, setGiven] = useState<ConsentGiven | 'already' | null>(null);
  const [status, setStatus] = useConsentStatus(rightsApi, candidateCode);

  useEffect(() => {
    let current = true;
    setNoticeError(null);
    api.notice(lang).then(
      (answer) => current && setNotice(answer),
      (error: unknown) => current && setNoticeError(errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, [api, lang]);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const local: Problems = {};
    if (!isCodeFormat(otp)) local.otp = CONSENT_MESSAGES.otpFormat;
    if (!declared) local.declaration = CONSENT_MESSAGES.declaration;
    setProblems(local);
    if (local.otp || local.declaration || !notice) return;
    setConfirming(true);
    try {
      setGiven(await api.confirm(candidateCode, { otp: otp.trim(), noticeVersion: notice.version, lang: notice.lang, declaration: true }));
    } catch (error) {
      if (isAlreadyGiven(error)) {
        setGiven('already');
      } else {
        const otpProblem = fieldMessage(error, 'otp');
        const declarationProblem = fieldMessage(error, 'declaration');
        setProblems(otpProblem || declarationProblem ? { otp: otpProblem, declaration: declarationProblem } : { general: errorMessage(error) });
      }
    } finally {
      setConfirming(false);
    }
  }

  const otpId = `${ids}-otp`;
  const declarationId = `${ids}-declaration`;
  return (
    <>
      <PageHero title="Parental Consent" subtitle={`Consent of the parent or guardian for the data of candidate ${candidateCode || '(no candidate code in the link)'}.`} />
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">1. Read the notice</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <fieldset className="flex flex-wrap items-center gap-4">
              <legend className="mb-2 text-sm font-semibold text-slate-900">Language of the notice</legend>
              {CONSENT_NOTICE_LANGUAGES.map((option) => (
                <label key={option} className="flex min-h-11 items-center gap-2 text-base" lang={option}>
                  <input type="radio" name={`${ids}-lang`} value={option} checked={lang === option} onChange={() => setLang(option)} className="h-4 w-4" />
                  {CONSENT_NOTICE_LANGUAGE_NAMES[option]}
                </label>
              ))}
            </fieldset>
            {noticeError ? (
              <Alert variant="destructive">
                <AlertTitle>The notice could not be loaded</AlertTitle>
                <AlertDescription>{noticeError}</AlertDescription>
              </Alert>
            ) : notice ? (
              <section
                aria-label="Notice"
                tabIndex={0}
                className="consent-notice max-h-[28rem] overflow-y-auto rounded-md border border-slate-300 bg-white p-4 text-sm leading-relaxed text-slate-900 [&_h2]:mb-3 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:mb-2 [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:mb-2 [&_table]:w-full [&_td]:border [&_td]:border-slate-300 [&_td]:p-2 [&_th]:border [&_th]:border-slate-300 [&_th]:p-2 [&_th]:text-left"
                // The notice is registration-service's own HTML, every text escaped there (consent-notice.ts).
                dangerouslySetInnerHTML={{ __html: notice.html }}
              />
            ) : (
              <p role="status">Loading the notice...</p>
            )}
          </CardContent>
        </Card>

        {status === 'withdrawn' ? null : given ? (
          <Alert variant="success" data-testid="consent-given">
            <AlertTitle>{given === 'already' ? 'Consent already given' : 'Consent recorded'}</AlertTitle>
            <AlertDescription>
              {given === 'already' ? CONSENT_MESSAGES.alreadyGiven : `${CONSENT_MESSAGES.given} Candidate ${given.candidateCode} may now receive the hall ticket and the certificate.`}
            </AlertDescription>
          </Alert>
        ) : (
          <>
            <Card>
              <CardHeader>
                <CardTitle as="h2">2. Get a code by SMS</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-3">
                <p className="text-sm text-slate-700">
                  We send a {CONSENT_OTP_RULES.digits}-digit code to the parent or guardian&apos;s mobile number given at registration. It works for{' '}
                  {CONSENT_OTP_RULES.validMinutes} minutes and for {CONSENT_OTP_RULES.tries} tries; a new code can be asked for after{' '}
                  {CONSENT_OTP_RULES.resendAfterSeconds} seconds, at most {CONSENT_OTP_RULES.sendsPerDay} a day.
                </p>
                <CodeSender
                  send={() => api.sendOtp(candidateCode)}
                  onRefused={(error) => {
                    if (!isAlreadyGiven(error)) return false;
                    setGiven('already');
                    return true;
                  }}
                  sendLabel="Send code by SMS"
                  resendLabel="Send a new code"
                  disabled={!candidateCode}
                  testId="consent-code-sent"
                />
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle as="h2">3. Give consent</CardTitle>
              </CardHeader>
              <CardContent>
                <form aria-label="Give parental consent" noValidate onSubmit={(event) => void confirm(event)} className="flex flex-col gap-4">
                  {problems.general ? (
                    <Alert variant="destructive">
                      <AlertTitle>Consent was not recorded</AlertTitle>
                      <AlertDescription>{problems.general}</AlertDescription>
                    </Alert>
                  ) : null}
                  <CodeField id={otpId} label="Code from the SMS" value={otp} onChange={setOtp} problem={problems.otp} />
                  <div className="flex flex-col gap-1.5">
                    <label htmlFor={declarationId} className="flex items-start gap-3 text-sm text-slate-900">
                      <input
                        id={declarationId}
                        type="checkbox"
                        checked={declared}
                        onChange={(event) => setDeclared(event.target.checked)}
                        aria-invalid={problems.declaration ? true : undefined}
                        aria-describedby={problems.declaration ? `${declarationId}-error` : undefined}
                        className="mt-0.5 h-5 w-5 shrink-0"
                      />
                      <span>
                        I am the parent or lawful guardian of candidate {candidateCode} and at least 18 years old. I have read the notice above and I give
                        consent to the processing of my child&apos;s data as it describes.
                      </span>
                    </label>
                    <FieldError id={`${declarationId}-error`} message={problems.declaration} />
                  </div>
                  <div>
                    <Button type="submit" disabled={confirming || !notice || !candidateCode}>
                      {confirming ? 'Recording...' : 'Give consent'}
                    </Button>
                  </div>
                </form>
              </CardContent>
            </Card>
          </>
        )}

        <GuardianRights api={rightsApi} candidateCode={candidateCode} status={status} onWithdrawn={() => setStatus('withdrawn')} />
      </div>
    </>
  );
}

export default ParentalConsentPage;
