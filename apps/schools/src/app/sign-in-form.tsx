import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { Alert, AlertDescription, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label } from '@kbe/ui';
import type { PortalOtpSent } from '@kbe/contracts/zod-free';

import { useSchoolsMessages } from '../i18n/schools.catalogue';
import { usePortalApi } from './portal-api';
import { failedField, failureText, serverMessageKey } from './portal-errors';
import type { SignInNotice } from './portal-session.store';

/** The OTP's length (PORTAL_MESSAGES.otpFormat: "the 6 digits"). */
export const OTP_LENGTH = 6;
export const CODE_MAX_LENGTH = 20;

interface FieldErrors {
  code?: string;
  otp?: string;
}

/** Whole seconds until `iso`, 0 once it has passed (or without one); renders again every second until then. */
function useSecondsUntil(iso: string | undefined): number {
  const [, tick] = useReducer((count: number) => count + 1, 0);
  const seconds = iso ? Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000)) : 0;
  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = setTimeout(tick, 1000);
    return () => clearTimeout(timer);
  });
  return seconds;
}

/**
 * Sign-in by one-time code: the school or mentor code, "Send code" (the OTP goes by SMS to the
 * registered mobile), then the 6-digit code. Every message of the server is shown beside its
 * field, and what was typed stays.
 */
export function SignInForm({ notice }: { notice: SignInNotice | null }) {
  const api = usePortalApi();
  const t = useSchoolsMessages();
  const ids = useId();
  const otpInput = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [otp, setOtp] = useState('');
  const [sent, setSent] = useState<PortalOtpSent | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<'send' | 'signIn' | null>(null);
  const resendIn = useSecondsUntil(sent?.resendAt);

  const sendCode = async () => {
    const trimmed = code.trim();
    if (trimmed === '') {
      setErrors({ code: t(serverMessageKey('codeRequired')) });
      return;
    }
    setBusy('send');
    setErrors({});
    try {
      setSent(await api.sendCode(trimmed));
      setOtp('');
    } catch (error) {
      setErrors({ [failedField(error, 'code')]: failureText(error, t) });
    } finally {
      setBusy(null);
    }
  };

  // Focus moves to the code field once it appears (after "Send code", not after a new code).
  const otpStep = sent !== null;
  useEffect(() => {
    if (otpStep) otpInput.current?.focus();
  }, [otpStep]);

  const signIn = async () => {
    const digits = otp.trim();
    const problem = digits === '' ? 'otpRequired' : new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digits) ? undefined : 'otpFormat';
    if (problem) {
      setErrors({ otp: t(serverMessageKey(problem)) });
      return;
    }
    setBusy('signIn');
    setErrors({});
    try {
      await api.signIn(code.trim(), digits);
      // The session store tells the page, which shows the overview instead of this form.
    } catch (error) {
      setErrors({ [failedField(error, 'otp')]: failureText(error, t) });
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (otpStep ? signIn() : sendCode());
  };

  const changeCode = () => {
    setSent(null);
    setOtp('');
    setErrors({});
  };

  const codeErrorId = `${ids}-code-error`;
  const otpErrorId = `${ids}-otp-error`;
  const sentId = `${ids}-sent`;

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle as="h2">{t('signIn.title')}</CardTitle>
        <CardDescription>{t('signIn.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {notice ? (
          <Alert variant="info" data-testid="sign-in-notice">
            <AlertDescription>{t(serverMessageKey(notice))}</AlertDescription>
          </Alert>
        ) : null}
        <form aria-label={t('signIn.form')} className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-code`}>{t('signIn.code')}</Label>
            <Input
              id={`${ids}-code`}
              name="code"
              value={code}
              maxLength={CODE_MAX_LENGTH}
              placeholder="SCH-7KQ2XM"
              autoComplete="username"
              autoCapitalize="characters"
              spellCheck={false}
              readOnly={otpStep}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? `${codeErrorId} ${ids}-code-hint` : `${ids}-code-hint`}
              onChange={(event) => setCode(event.target.value.toUpperCase())}
            />
            <p id={`${ids}-code-hint`} className="text-sm text-slate-700">
              {t('signIn.codeHint')}
            </p>
            <p id={codeErrorId} role="alert" className="text-sm font-semibold text-red-800 empty:hidden" data-testid="code-error">
              {errors.code}
            </p>
          </div>

          <p id={sentId} aria-live="polite" className="text-sm text-slate-900 empty:hidden" data-testid="code-sent">
            {sent ? t('signIn.sent', { number: sent.maskedNumber }) : ''}
          </p>

          {otpStep ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-otp`}>{t('signIn.otp')}</Label>
              <Input
                ref={otpInput}
                id={`${ids}-otp`}
                name="otp"
                value={otp}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={OTP_LENGTH}
                aria-invalid={errors.otp ? true : undefined}
                aria-describedby={errors.otp ? `${otpErrorId} ${sentId}` : sentId}
                onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
              />
              <p id={otpErrorId} role="alert" className="text-sm font-semibold text-red-800 empty:hidden" data-testid="otp-error">
                {errors.otp}
              </p>
            </div>
          ) : null}

          {otpStep ? (
            <div className="flex flex-col gap-3">
              <Button type="submit" disabled={busy !== null} aria-busy={busy === 'signIn'}>
                {busy === 'signIn' ? t('signIn.signingIn') : t('signIn.submit')}
              </Button>
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button type="button" variant="outline" className="sm:flex-1" disabled={busy !== null || resendIn > 0} onClick={() => void sendCode()}>
                  {resendIn > 0 ? t('signIn.resendIn', { seconds: resendIn }) : t('signIn.resend')}
                </Button>
                <Button type="button" variant="ghost" className="sm:flex-1" disabled={busy !== null} onClick={changeCode}>
                  {t('signIn.changeCode')}
                </Button>
              </div>
            </div>
          ) : (
            <Button type="submit" disabled={busy !== null} aria-busy={busy === 'send'}>
              {busy === 'send' ? t('signIn.sending') : t('signIn.send')}
            </Button>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
