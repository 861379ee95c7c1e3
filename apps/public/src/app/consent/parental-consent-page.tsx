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
import { Alert, AlertDescription, AlertTitle, Button, Card, CardContent, CardHeader, CardTitle, FieldError, useLocale } from '@kbe/ui';
import { PageHero } from '../common/page-hero';
import { usePageMeta } from '../common/page-meta.hook';
import { CodeField, CodeSender, fieldMessage, isCodeFormat } from './guardian-code';
import { GuardianRights, useConsentStatus } from './guardian-rights';
import { createGuardianRightsApi, type GuardianRightsApi } from './guardian-rights.api';
import { createConsentApi, type ConsentApi } from './parental-consent.api';
import { ConsentMessagesReady, plainNumber, useConsentMessages } from './i18n/consent.catalogue';
import { useServerText } from './i18n/server-text';

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
export function ParentalConsentPage(props: ConsentPageProps) {
  return (
    <ConsentMessagesReady>
      <ConsentSteps {...props} />
    </ConsentMessagesReady>
  );
}

interface ConsentPageProps {
  api?: ConsentApi;
  rightsApi?: GuardianRightsApi;
}

function ConsentSteps({ api = defaultApi, rightsApi = defaultRightsApi }: ConsentPageProps) {
  usePageMeta('parental-consent');
  const ids = `consent-${useId().replace(/:/g, '')}`;
  const candidateCode = candidateCodeOfPath(useLocation().pathname);
  const locale = useLocale();
  const t = useConsentMessages();
  const say = useServerText();
  // the notice in the page's language first; the parent may read it in another
  const [lang, setLang] = useState<ConsentNoticeLanguage>(locale);
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
      <PageHero title={t('page.title')} subtitle={t('page.subtitle', { code: candidateCode || t('page.noCode') })} />
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('notice.step')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <fieldset className="flex flex-wrap items-center gap-4">
              <legend className="mb-2 text-sm font-semibold text-slate-900">{t('notice.language')}</legend>
              {CONSENT_NOTICE_LANGUAGES.map((option) => (
                <label key={option} className="flex min-h-11 items-center gap-2 text-base" lang={option}>
                  <input type="radio" name={`${ids}-lang`} value={option} checked={lang === option} onChange={() => setLang(option)} className="h-4 w-4" />
                  {CONSENT_NOTICE_LANGUAGE_NAMES[option]}
                </label>
              ))}
            </fieldset>
            {noticeError ? (
              <Alert variant="destructive">
                <AlertTitle>{t('notice.error')}</AlertTitle>
                <AlertDescription>{say(noticeError)}</AlertDescription>
              </Alert>
            ) : notice ? (
              <section
                aria-label={t('notice.label')}
                tabIndex={0}
                className="consent-notice max-h-[28rem] overflow-y-auto rounded-md border border-slate-300 bg-white p-4 text-sm leading-relaxed text-slate-900 [&_h2]:mb-3 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:mb-2 [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:mb-2 [&_table]:w-full [&_td]:border [&_td]:border-slate-300 [&_td]:p-2 [&_th]:border [&_th]:border-slate-300 [&_th]:p-2 [&_th]:text-left"
                // The notice is registration-service's own HTML, every text escaped there (consent-notice.ts).
                dangerouslySetInnerHTML={{ __html: notice.html }}
              />
            ) : (
              <p role="status">{t('notice.loading')}</p>
            )}
          </CardContent>
        </Card>

        {status === 'withdrawn' ? null : given ? (
          <Alert variant="success" data-testid="consent-given">
            <AlertTitle>{given === 'already' ? t('given.already') : t('given.title')}</AlertTitle>
            <AlertDescription>
              {given === 'already' ? t('consent.alreadyGiven') : `${t('consent.given')} ${t('given.documents', { code: given.candidateCode })}`}
            </AlertDescription>
          </Alert>
        ) : (
          <>
            <Card>
              <CardHeader>
                <CardTitle as="h2">{t('code.step')}</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-3">
                <p className="text-sm text-slate-700">
                  {t('code.rules', {
                    digits: plainNumber(locale, CONSENT_OTP_RULES.digits),
                    minutes: plainNumber(locale, CONSENT_OTP_RULES.validMinutes),
                    tries: plainNumber(locale, CONSENT_OTP_RULES.tries),
                    seconds: plainNumber(locale, CONSENT_OTP_RULES.resendAfterSeconds),
                    perDay: plainNumber(locale, CONSENT_OTP_RULES.sendsPerDay),
                  })}
                </p>
                <CodeSender
                  send={() => api.sendOtp(candidateCode)}
                  onRefused={(error) => {
                    if (!isAlreadyGiven(error)) return false;
                    setGiven('already');
                    return true;
                  }}
                  sendLabel={t('code.send')}
                  resendLabel={t('code.resend')}
                  disabled={!candidateCode}
                  testId="consent-code-sent"
                />
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle as="h2">{t('confirm.step')}</CardTitle>
              </CardHeader>
              <CardContent>
                <form aria-label={t('confirm.form')} noValidate onSubmit={(event) => void confirm(event)} className="flex flex-col gap-4">
                  {problems.general ? (
                    <Alert variant="destructive">
                      <AlertTitle>{t('confirm.error')}</AlertTitle>
                      <AlertDescription>{say(problems.general)}</AlertDescription>
                    </Alert>
                  ) : null}
                  <CodeField id={otpId} label={t('confirm.code')} value={otp} onChange={setOtp} problem={say(problems.otp)} />
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
                      <span>{t('confirm.declaration', { code: candidateCode })}</span>
                    </label>
                    <FieldError id={`${declarationId}-error`} message={say(problems.declaration)} />
                  </div>
                  <div>
                    <Button type="submit" disabled={confirming || !notice || !candidateCode}>
                      {confirming ? t('confirm.busy') : t('confirm.submit')}
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
