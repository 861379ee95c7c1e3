import { useEffect, useState, type ReactNode } from 'react';
import { HttpError, errorMessage } from '@kbe/api-client';
import { CONSENT_OTP_RULES, type ConsentOtpSent } from '@kbe/contracts/zod-free';
import { Alert, AlertDescription, AlertTitle, Button, FieldError, Input, Label, useLocale } from '@kbe/ui';
import { plainNumber, useConsentMessages } from './i18n/consent.catalogue';
import { useServerText } from './i18n/server-text';

/**
 * What the consent page and the guardian's rights share: asking for a code by SMS (with the wait
 * before a new one), the code's field, and reading the server's errors.
 */

/** The server's message for one field (`errors: [{ field, message }]`), if it named one. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  if (!(error instanceof HttpError) || typeof error.body !== 'object' || error.body === null) return undefined;
  const errors = (error.body as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return undefined;
  const found = errors.find((e): e is { field: string; message: string } => typeof e === 'object' && e !== null && (e as { field?: unknown }).field === field);
  return found?.message;
}

/** A code's problem, said at its field: the server's words for a wrong or expired code. */
export function codeProblem(error: unknown): string | undefined {
  return fieldMessage(error, 'otp') ?? (error instanceof HttpError && error.status === 410 ? error.message : undefined);
}

export const isCodeFormat = (value: string) => new RegExp(`^\\d{${CONSENT_OTP_RULES.digits}}$`).test(value.trim());

/** Seconds before another code may be asked for, counting down once a second. */
function useSecondsLeft(sentAt: number | null, waitSeconds: number): number {
  const [now, setNow] = useState(() => Date.now());
  // min: `now` may predate the sending until the first tick
  const secondsLeft = sentAt === null ? 0 : Math.min(waitSeconds, Math.max(0, Math.ceil(waitSeconds - (now - sentAt) / 1000)));
  const counting = secondsLeft > 0;
  useEffect(() => {
    if (!counting) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting, sentAt]);
  return secondsLeft;
}

interface CodeSenderProps {
  send: () => Promise<ConsentOtpSent>;
  /** Handles a refusal that is not a failure (e.g. consent already given); true when it did. */
  onRefused?: (error: unknown) => boolean;
  sendLabel: string;
  resendLabel: string;
  disabled?: boolean;
  testId?: string;
}

/**
 * The button that sends a code by SMS, the masked number it went to, and the wait before a new
 * one. The button stays focusable while it waits (aria-disabled), so keyboard focus is not lost.
 */
export function CodeSender({ send, onRefused, sendLabel, resendLabel, disabled = false, testId }: CodeSenderProps) {
  const locale = useLocale();
  const t = useConsentMessages();
  const say = useServerText();
  const [sent, setSent] = useState<{ answer: ConsentOtpSent; at: number } | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const secondsLeft = useSecondsLeft(sent?.at ?? null, sent?.answer.resendAfterSeconds ?? 0);
  const blocked = disabled || sending || secondsLeft > 0;

  async function sendCode() {
    if (blocked) return;
    setSending(true);
    setError(null);
    try {
      const answer = await send();
      setSent({ answer, at: Date.now() });
    } catch (failure) {
      if (!onRefused?.(failure)) setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          onClick={() => void sendCode()}
          aria-disabled={blocked || undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          {sending ? t('sender.busy') : sent ? resendLabel : sendLabel}
        </Button>
        {secondsLeft > 0 ? <span className="text-sm text-slate-700">{t('sender.wait', { seconds: plainNumber(locale, secondsLeft) })}</span> : null}
      </div>
      <div aria-live="polite">
        {sent ? (
          <p data-testid={testId} className="text-sm text-green-900">
            {t('sender.sent', { digits: plainNumber(locale, CONSENT_OTP_RULES.digits), phone: sent.answer.maskedPhoneNumber })}
          </p>
        ) : null}
      </div>
      {error ? (
        <Alert variant="destructive">
          <AlertTitle>{t('sender.error')}</AlertTitle>
          <AlertDescription>{say(error)}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

/** The code from the SMS, its problem announced and linked to it. */
export function CodeField({ id, label, value, onChange, problem }: { id: string; label: ReactNode; value: string; onChange: (value: string) => void; problem?: string }) {
  return (
    <div className="flex max-w-xs flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CONSENT_OTP_RULES.digits}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        className="min-h-11 tracking-widest"
      />
      <FieldError id={`${id}-error`} message={problem} />
    </div>
  );
}
