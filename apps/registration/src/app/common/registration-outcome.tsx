import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle, Button } from '@kbe/ui';
import { REGISTRATION_SUCCESS_MESSAGES, REGISTRATION_SUCCESS_TITLE, type RegistrationKind, type UserFacingError } from '@kbe/api-client';
import { consentPagePath } from '@kbe/contracts/zod-free';

export type RegistrationOutcome =
  | { status: 'success'; code: string }
  | { status: 'error'; error: UserFacingError }
  | null;

const CODE_LABELS: Record<RegistrationKind, string> = {
  school: 'School Code',
  mentor: 'Mentor Code',
  candidate: 'Candidate ID',
};

/** 'School registration completed successfully. Your School Code is SCH-7KQ2XM.' */
export function successText(kind: RegistrationKind, code: string): string {
  return `${REGISTRATION_SUCCESS_MESSAGES[kind]}. Your ${CODE_LABELS[kind]} is ${code}.`;
}

function CopyCodeButton({ code }: { code: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={`Copy code ${code}`}>
      {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed - select the code' : 'Copy code'}
    </Button>
  );
}

interface RegistrationOutcomeAlertProps {
  kind: RegistrationKind;
  outcome: RegistrationOutcome;
  /** Label and action of the next step after a success (e.g. open the Mentor tab). */
  next?: { label: string; onClick: (code: string) => void };
}

/** The alert under a form after a submit: the issued code, or what went wrong. */
export function RegistrationOutcomeAlert({ kind, outcome, next }: RegistrationOutcomeAlertProps) {
  if (!outcome) return null;
  if (outcome.status === 'error') {
    const { title, message, details } = outcome.error;
    return (
      <Alert variant="destructive" data-testid={`${kind}-error-alert`}>
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>
          <p>{message}</p>
          {details.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {details.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="success" data-testid={`${kind}-success-alert`}>
      <AlertTitle>{REGISTRATION_SUCCESS_TITLE}</AlertTitle>
      <AlertDescription className="flex flex-col gap-3">
        <p>{REGISTRATION_SUCCESS_MESSAGES[kind]}.</p>
        <p className="flex flex-wrap items-center gap-2">
          <span>Your {CODE_LABELS[kind]}:</span>
          <strong className="select-all break-all font-mono text-lg" data-testid={`${kind}-issued-code`}>
            {outcome.code}
          </strong>
          <CopyCodeButton code={outcome.code} />
        </p>
        <p className="text-xs">Keep this code safe: it is needed for the next step.</p>
        {kind === 'candidate' ? (
          <p data-testid="candidate-consent-link">
            The candidate is under 18: a parent or guardian must give consent before the hall ticket and the certificate can be released. They
            get an SMS with a code, or can{' '}
            <a className="font-semibold underline underline-offset-4" href={consentPagePath(outcome.code)}>
              give parental consent now
            </a>
            .
          </p>
        ) : null}
        {next ? (
          <div>
            <Button onClick={() => next.onClick(outcome.code)}>{next.label}</Button>
          </div>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/** A code handed over from the previous tab (school -> mentor -> candidate); `nonce` makes the same code apply again. */
export interface CodePrefill {
  code: string;
  nonce: number;
}
