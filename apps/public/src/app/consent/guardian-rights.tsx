import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { HttpError, errorMessage } from '@kbe/api-client';
import { CONSENT_MESSAGES, DATA_RIGHTS_MESSAGES, type ConsentStatus, type ConsentWithdrawn } from '@kbe/contracts/zod-free';
import { Alert, AlertDescription, AlertTitle, Button, Card, CardContent, CardHeader, CardTitle } from '@kbe/ui';
import { CodeField, CodeSender, codeProblem, isCodeFormat } from './guardian-code';
import { GuardianData } from './guardian-data';
import type { Answered, GuardianRightsApi } from './guardian-rights.api';
import { useConsentMessages } from './i18n/consent.catalogue';
import { useServerText } from './i18n/server-text';

/**
 * The consent status as the public search answers it; null while unknown (not answered yet, or
 * the search failed: the page then offers everything and the server says what is refused).
 */
export function useConsentStatus(api: GuardianRightsApi, candidateCode: string): [ConsentStatus | null, (status: ConsentStatus) => void] {
  const [status, setStatus] = useState<ConsentStatus | null>(null);
  useEffect(() => {
    let current = true;
    if (!candidateCode) return undefined;
    api.consentStatus(candidateCode).then(
      (answer) => current && setStatus((known) => (known === 'withdrawn' ? known : answer)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, candidateCode]);
  return [status, setStatus];
}

const isAlreadyWithdrawn = (error: unknown) => error instanceof HttpError && error.status === 409 && error.message === DATA_RIGHTS_MESSAGES.alreadyWithdrawn;

interface GuardianRightsProps {
  api: GuardianRightsApi;
  candidateCode: string;
  status: ConsentStatus | null;
  /** Consent is withdrawn (just now, or found so): the page drops its consent forms. */
  onWithdrawn: () => void;
}

/**
 * "Your child's data", below the consent: withdraw consent (the data is erased), and see, download
 * or ask to correct or erase the data. Each is proved by its own code sent to the guardian.
 */
export function GuardianRights({ api, candidateCode, status, onWithdrawn }: GuardianRightsProps) {
  const headingId = `rights-${useId().replace(/:/g, '')}`;
  const t = useConsentMessages();
  const say = useServerText();
  const [withdrawal, setWithdrawal] = useState<Answered<ConsentWithdrawn> | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (withdrawal) doneRef.current?.focus();
  }, [withdrawal]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {t('rights.title')}
      </h2>
      {withdrawal ? (
        <Alert variant="success" data-testid="consent-withdrawn" ref={doneRef} tabIndex={-1}>
          <AlertTitle>{t('withdrawal.done')}</AlertTitle>
          <AlertDescription>
            <p>{withdrawal.message ? say(withdrawal.message) : t(withdrawal.data.erasure === 'done' ? 'dataRights.withdrawn' : 'dataRights.withdrawnUnderWay')}</p>
            <p>
              {t('withdrawal.status')} <strong>{t('withdrawal.statusValue', { status: withdrawal.data.status })}</strong>
            </p>
          </AlertDescription>
        </Alert>
      ) : status === 'withdrawn' ? (
        <Alert variant="info" data-testid="registration-withdrawn">
          <AlertTitle>{t('registrationWithdrawn.title')}</AlertTitle>
          <AlertDescription>{t('dataRights.registrationWithdrawn')}</AlertDescription>
        </Alert>
      ) : (
        <>
          <WithdrawConsent
            api={api}
            candidateCode={candidateCode}
            onWithdrawn={(answer) => {
              setWithdrawal(answer);
              onWithdrawn();
            }}
            onFoundWithdrawn={onWithdrawn}
          />
          <GuardianData api={api} candidateCode={candidateCode} />
        </>
      )}
    </section>
  );
}

interface WithdrawConsentProps {
  api: GuardianRightsApi;
  candidateCode: string;
  onWithdrawn: (answer: Answered<ConsentWithdrawn>) => void;
  /** The server says consent was withdrawn already. */
  onFoundWithdrawn: () => void;
}

/** Withdrawal of consent: what it means, a code of its own, and the confirmation. */
function WithdrawConsent({ api, candidateCode, onWithdrawn, onFoundWithdrawn }: WithdrawConsentProps) {
  const otpId = `withdraw-${useId().replace(/:/g, '')}-otp`;
  const t = useConsentMessages();
  const say = useServerText();
  const [otp, setOtp] = useState('');
  const [problem, setProblem] = useState<{ otp?: string; general?: string }>({});
  const [withdrawing, setWithdrawing] = useState(false);

  async function withdraw(event: FormEvent) {
    event.preventDefault();
    if (withdrawing) return;
    if (!isCodeFormat(otp)) {
      setProblem({ otp: CONSENT_MESSAGES.otpFormat });
      return;
    }
    setProblem({});
    setWithdrawing(true);
    try {
      onWithdrawn(await api.withdraw(candidateCode, otp.trim()));
    } catch (error) {
      if (isAlreadyWithdrawn(error)) onFoundWithdrawn();
      else {
        const atCode = codeProblem(error);
        setProblem(atCode ? { otp: atCode } : { general: errorMessage(error) });
      }
    } finally {
      setWithdrawing(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{t('withdraw.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="text-sm text-slate-800">
          <p className="mb-2">{t('withdraw.intro')}</p>
          <ul className="ml-5 list-disc space-y-1">
            <li>{t('withdraw.erased')}</li>
            <li>{t('withdraw.noDocuments')}</li>
            <li>{t('withdraw.final')}</li>
          </ul>
          <p className="mt-2">{t('withdraw.how')}</p>
        </div>
        <CodeSender
          send={() => api.sendOtp(candidateCode, 'withdrawal')}
          onRefused={(error) => {
            if (!isAlreadyWithdrawn(error)) return false;
            onFoundWithdrawn();
            return true;
          }}
          sendLabel={t('withdraw.send')}
          resendLabel={t('withdraw.resend')}
          disabled={!candidateCode}
          testId="withdrawal-code-sent"
        />
        <form aria-label={t('withdraw.title')} noValidate onSubmit={(event) => void withdraw(event)} className="flex flex-col gap-4">
          {problem.general ? (
            <Alert variant="destructive">
              <AlertTitle>{t('withdraw.error')}</AlertTitle>
              <AlertDescription>{say(problem.general)}</AlertDescription>
            </Alert>
          ) : null}
          <CodeField id={otpId} label={t('withdraw.code')} value={otp} onChange={setOtp} problem={say(problem.otp)} />
          <div>
            <Button type="submit" variant="destructive" disabled={withdrawing || !candidateCode}>
              {withdrawing ? t('withdraw.busy') : t('withdraw.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
