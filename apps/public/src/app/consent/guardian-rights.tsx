import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { HttpError, errorMessage } from '@kbe/api-client';
import { CONSENT_MESSAGES, CONSENT_STATUS_LABELS, DATA_RIGHTS_MESSAGES, type ConsentStatus, type ConsentWithdrawn } from '@kbe/contracts/zod-free';
import { Alert, AlertDescription, AlertTitle, Button, Card, CardContent, CardHeader, CardTitle } from '@kbe/ui';
import { CodeField, CodeSender, codeProblem, isCodeFormat } from './guardian-code';
import { GuardianData } from './guardian-data';
import type { Answered, GuardianRightsApi } from './guardian-rights.api';

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
  const [withdrawal, setWithdrawal] = useState<Answered<ConsentWithdrawn> | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (withdrawal) doneRef.current?.focus();
  }, [withdrawal]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        Your child&apos;s data
      </h2>
      {withdrawal ? (
        <Alert variant="success" data-testid="consent-withdrawn" ref={doneRef} tabIndex={-1}>
          <AlertTitle>Consent withdrawn</AlertTitle>
          <AlertDescription>
            <p>{withdrawal.message || (withdrawal.data.erasure === 'done' ? DATA_RIGHTS_MESSAGES.withdrawn : DATA_RIGHTS_MESSAGES.withdrawnUnderWay)}</p>
            <p>
              Status of consent: <strong>{CONSENT_STATUS_LABELS[withdrawal.data.status].toLowerCase()}</strong>
            </p>
          </AlertDescription>
        </Alert>
      ) : status === 'withdrawn' ? (
        <Alert variant="info" data-testid="registration-withdrawn">
          <AlertTitle>Registration withdrawn</AlertTitle>
          <AlertDescription>{DATA_RIGHTS_MESSAGES.registrationWithdrawn}</AlertDescription>
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
        <CardTitle as="h3">Withdraw consent</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="text-sm text-slate-800">
          <p className="mb-2">You may withdraw your consent at any time. If you do:</p>
          <ul className="ml-5 list-disc space-y-1">
            <li>the candidate&apos;s photo, signature and personal details are erased;</li>
            <li>no hall ticket and no certificate can be issued for this registration;</li>
            <li>it cannot be undone.</li>
          </ul>
          <p className="mt-2">To confirm, ask for a withdrawal code. It is sent by SMS to the parent or guardian and works only for withdrawing.</p>
        </div>
        <CodeSender
          send={() => api.sendOtp(candidateCode, 'withdrawal')}
          onRefused={(error) => {
            if (!isAlreadyWithdrawn(error)) return false;
            onFoundWithdrawn();
            return true;
          }}
          sendLabel="Send withdrawal code"
          resendLabel="Send a new withdrawal code"
          disabled={!candidateCode}
          testId="withdrawal-code-sent"
        />
        <form aria-label="Withdraw consent" noValidate onSubmit={(event) => void withdraw(event)} className="flex flex-col gap-4">
          {problem.general ? (
            <Alert variant="destructive">
              <AlertTitle>Consent was not withdrawn</AlertTitle>
              <AlertDescription>{problem.general}</AlertDescription>
            </Alert>
          ) : null}
          <CodeField id={otpId} label="Withdrawal code" value={otp} onChange={setOtp} problem={problem.otp} />
          <div>
            <Button type="submit" variant="destructive" disabled={withdrawing || !candidateCode}>
              {withdrawing ? 'Withdrawing...' : 'Confirm withdrawal'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
