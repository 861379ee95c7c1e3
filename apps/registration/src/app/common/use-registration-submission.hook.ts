import { useCallback, useRef, useState } from 'react';
import { toast } from '@kbe/ui';
import { formatUserFacingError, mapRegistrationError, type RegistrationKind, type UserFacingError } from '@kbe/api-client';
import { preLine, successText, useRegistrationMessages } from '../../i18n/registration.catalogue';
import type { RegistrationOutcome } from './registration-outcome';

/**
 * Submit state of one registration form: idle -> submitting -> success (code) or error. Shows
 * the 'Success!' or destructive toast; never reports success without a code from the server.
 */
export function useRegistrationSubmission(kind: RegistrationKind) {
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<RegistrationOutcome>(null);
  const inFlight = useRef(false);
  const { t, failure } = useRegistrationMessages();

  /** The alert keeps the English error (it shows it in the page's language); the toast is shown in it now. */
  const fail = useCallback(
    (error: UserFacingError) => {
      setOutcome({ status: 'error', error });
      const shown = failure(error);
      toast({ title: shown.title, description: preLine(formatUserFacingError(shown)), variant: 'destructive' });
    },
    [failure],
  );

  const submit = useCallback(
    async (send: () => Promise<string>, onSuccess: (code: string) => void) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      setOutcome(null);
      try {
        const code = await send();
        setOutcome({ status: 'success', code });
        toast({ title: t('outcome.successTitle'), description: successText(t, kind, code) });
        onSuccess(code);
      } catch (error) {
        fail(mapRegistrationError(kind, error));
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    },
    [kind, fail, t],
  );

  return { submitting, outcome, submit, fail };
}
