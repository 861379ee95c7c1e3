import { SMS_MAX_LENGTH, smsLength } from '@kbe/contracts';

/**
 * Live counter under an SMS text (spec section 5: 'n/160'). Text outside the GSM alphabet
 * (Devanagari, emoji) travels as Unicode, 70 characters per SMS, so the number of SMS it
 * costs is shown too (`smsLength` of @kbe/contracts, the same count notifications-service uses).
 */
export function SmsCounter({ id, text }: { id: string; text: string }) {
  const length = smsLength(text);
  const unicode = length.encoding === 'UCS-2';
  const over = text.length > SMS_MAX_LENGTH;
  return (
    <p id={id} className={`text-sm ${over ? 'font-semibold text-red-700' : 'text-slate-700'}`} aria-live="polite" data-testid="sms-counter">
      <span>
        {text.length}/{SMS_MAX_LENGTH} characters
      </span>
      {length.segments > 1 || unicode ? (
        <span>
          {' '}
          · {length.segments} SMS{unicode ? ' (Unicode text: 70 characters per SMS)' : ''}
        </span>
      ) : null}
    </p>
  );
}
