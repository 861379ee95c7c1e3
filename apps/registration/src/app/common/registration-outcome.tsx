import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle, Button } from '@kbe/ui';
import type { RegistrationKind, UserFacingError } from '@kbe/api-client';
import { consentPagePath } from '@kbe/contracts/zod-free';
import { localizedPath } from '@kbe/i18n';
import { CODE_LABEL_KEYS, SUCCESS_KEYS, useRegistrationMessages } from '../../i18n/registration.catalogue';

export type RegistrationOutcome =
  | { status: 'success'; code: string }
  | { status: 'error'; error: UserFacingError }
  | null;

function CopyCodeButton({ code }: { code: string }) {
  const { t } = useRegistrationMessages();
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
    <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={t('copy.label', { code })}>
      {state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : t('copy.idle')}
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
  const { t, locale, failure } = useRegistrationMessages();
  if (!outcome) return null;
  if (outcome.status === 'error') {
    const { title, message, details } = failure(outcome.error);
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
      <AlertTitle>{t('outcome.successTitle')}</AlertTitle>
      <AlertDescription className="flex flex-col gap-3">
        <p>{t(SUCCESS_KEYS[kind])}.</p>
        <p className="flex flex-wrap items-center gap-2">
          <span>{t('outcome.yourCode', { label: t(CODE_LABEL_KEYS[kind]) })}</span>
          <strong className="select-all break-all font-mono text-lg" data-testid={`${kind}-issued-code`}>
            {outcome.code}
          </strong>
          <CopyCodeButton code={outcome.code} />
        </p>
        <p className="text-xs">{t('outcome.keepSafe')}</p>
        {kind === 'candidate' ? (
          <p data-testid="candidate-consent-link">
            {t('outcome.consentBefore')}{' '}
            <a className="font-semibold underline underline-offset-4" href={localizedPath(locale, consentPagePath(outcome.code))}>
              {t('outcome.consentLink')}
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
