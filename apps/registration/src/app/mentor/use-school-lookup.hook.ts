import { useEffect, useState } from 'react';
import type { SchoolLookupItem } from '@kbe/contracts';
import { SCHOOL_CODE_PATTERN } from '@kbe/contracts/zod-free';
import { useRegistrationApi } from '../common/registration-api';

export type SchoolLookupState =
  | { status: 'idle' }
  | { status: 'loading'; code: string }
  | { status: 'found'; school: SchoolLookupItem }
  | { status: 'not-found'; code: string }
  | { status: 'failed'; code: string };

export const SCHOOL_LOOKUP_DELAY_MS = 300;

/** Looks up the school a mentor typed (once the code is complete), so the mentor can confirm it. */
export function useSchoolLookup(rawCode: string | undefined): SchoolLookupState {
  const api = useRegistrationApi();
  const code = (rawCode ?? '').trim().toUpperCase();
  const complete = SCHOOL_CODE_PATTERN.test(code);
  const [state, setState] = useState<SchoolLookupState>({ status: 'idle' });

  useEffect(() => {
    if (!complete) {
      setState({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading', code });
    const timer = setTimeout(() => {
      api
        .lookupSchool(code, controller.signal)
        .then((school) => {
          if (!controller.signal.aborted) setState(school ? { status: 'found', school } : { status: 'not-found', code });
        })
        .catch(() => {
          if (!controller.signal.aborted) setState({ status: 'failed', code });
        });
    }, SCHOOL_LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, code, complete]);

  return state;
}
