import { SMS_MAX_LENGTH, SMS_MESSAGES, countOf, smsLength, type SmsLength } from '@kbe/contracts';

const SMS_WORD = { one: 'SMS', other: 'SMS' };
const EXTENSION_NOTE = '{ } [ ] ~ \\ | ^ € count as 2';

/**
 * What one recipient's text costs, in the words of the SMS tab: '1 SMS part per recipient (GSM-7,
 * 24 of 160 characters)', '3 SMS parts per recipient (Unicode, 160 characters, 67 per part)'.
 * GSM-7 holds 160 characters in one SMS and 153 per part of a longer one (extension characters
 * count 2); a text with any other character (Devanagari, emoji) travels as Unicode (UCS-2): 70 and 67.
 */
export function describeSmsParts(length: SmsLength, text: string): string {
  if (length.segments === 0) return '';
  const encoding = length.encoding === 'GSM-7' ? 'GSM-7' : 'Unicode';
  const size = length.segments === 1 ? `${length.units} of ${length.perSegment} characters` : `${length.units} characters, ${length.perSegment} per part`;
  const note = length.encoding === 'GSM-7' && length.units > text.length ? `; ${EXTENSION_NOTE}` : '';
  return `${countOf(length.segments, 'SMS part')} per recipient (${encoding}, ${size}${note})`;
}

/** 'This campaign will cost 14 SMS (2 parts × 7 recipients).' */
export function describeSmsCost(segments: number, recipients: number): string {
  return `This campaign will cost ${countOf(segments * recipients, SMS_WORD)} (${countOf(segments, 'part')} × ${countOf(recipients, 'recipient')}).`;
}

/** Whether the send endpoints refuse `text` as too long (the same check as `smsSendSchema`: trimmed, at most 160). */
export const isOverSmsLimit = (text: string): boolean => text.trim().length > SMS_MAX_LENGTH;

interface SmsCounterProps {
  id: string;
  /**
   * The text the request carries and the server limits to 160 characters (a custom message, or a
   * single send's template text); null when a template is sent by name (bulk), with no limit.
   */
  limited: string | null;
  /** The text as a recipient receives it (placeholders filled, see fillSmsPlaceholders). */
  sent: string;
  /** Recipients of the send, when known (the chosen group's size, or 1). */
  recipients: number | undefined;
}

/**
 * Under an SMS text: the spec's counter 'n/160 characters' (section 5; red when the server would
 * refuse the text), the SMS parts one recipient's text takes (`smsLength` of @kbe/contracts, the
 * count notifications-service sends with) and what the campaign costs.
 */
export function SmsCounter({ id, limited, sent, recipients }: SmsCounterProps) {
  const length = smsLength(sent);
  const over = limited !== null && isOverSmsLimit(limited);
  const counted = limited ?? sent;
  return (
    <div id={id} className="flex flex-col gap-0.5 text-sm" aria-live="polite">
      <p className={over ? 'font-semibold text-red-700' : 'text-slate-700'} data-testid="sms-counter">
        {counted.length}/{SMS_MAX_LENGTH} characters
      </p>
      {over ? (
        <p className="font-semibold text-red-700" data-testid="sms-too-long">
          {SMS_MESSAGES.tooLong}
        </p>
      ) : null}
      {length.segments > 0 ? (
        <p className="text-slate-700" data-testid="sms-parts">
          {describeSmsParts(length, sent)}
        </p>
      ) : null}
      {length.segments > 0 && recipients !== undefined ? (
        <p className="text-slate-700" data-testid="sms-cost">
          {describeSmsCost(length.segments, recipients)}
        </p>
      ) : null}
    </div>
  );
}
