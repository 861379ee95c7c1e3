import { createElement, useCallback, useRef, useState } from 'react';
import { toast } from '@kbe/ui';
import {
  REGISTRATION_SUCCESS_TITLE,
  formatUserFacingError,
  mapRegistrationError,
  type RegistrationKind,
  type UserFacingError,
} from '@kbe/api-client';
import { successText, type RegistrationOutcome } from './registration-outcome';

/**
 * Submit state of one registration form: idle -> submitting -> success (code) or error. Shows
 * the 'Success!' or destructive toast; never reports success without a code from the server.
 */
export function useRegistrationSubmission(kind: RegistrationKind) {
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<RegistrationOutcome>(null);
  const inFlight = useRef(false);

  const fail = useCallback((error: UserFacingError) => {
    setOutcome({ status: 'error', error });
    toast({
      title: error.title,
      description: createElement('span', { className: 'whitespace-pre-line' }, formatUserFacingError(error)),
      variant: 'destructive',
    });
  }, []);

  const submit = useCallback(
    async (send: () => Promise<string>, onSuccess: (code: string) => void) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      setOutcome(null);
      try {
        const code = await send();
        setOutcome({ status: 'success', code });
        toast({ title: REGISTRATION_SUCCESS_TITLE, description: successText(kind, code) });
        onSuccess(code);
      } catch (error) {
        fail(mapRegistrationError(kind, error));
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    },
    [kind, fail],
  );

  return { submitting, outcome, submit, fail };
}
