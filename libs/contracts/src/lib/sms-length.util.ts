/**
 * SMS length and segment counting, shared by the admin remote's live counter and
 * notifications-service (which chooses the encoding it sends with).
 *
 * A text is GSM-7 when every character is in the GSM 03.38 basic set or its extension table
 * (extension characters cost two septets); otherwise it travels as UCS-2 (Devanagari, emoji),
 * where each UTF-16 code unit costs one of 70 places. A long text is split into concatenated
 * segments whose header leaves 153 septets (GSM-7) or 67 code units (UCS-2) each.
 */

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';

/** Regular expressions rather than a loop over the characters: the fan-out measures every recipient's text. */
const classOf = (chars: string) => `[${chars.replace(/[\\\][^-]/g, '\\$&')}]`;
const ONLY_GSM7 = new RegExp(`^${classOf(GSM7_BASIC + GSM7_EXTENSION)}*$`);
const EXTENSION_CHARS = new RegExp(classOf(GSM7_EXTENSION), 'g');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsLength {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text occupies. */
  units: number;
  segments: number;
  /** Places one segment holds when the text fits in one, else per concatenated segment. */
  perSegment: number;
  /** Places left in the last segment. */
  remaining: number;
}

const LIMITS: Record<SmsEncoding, { single: number; multi: number }> = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
};

export function smsEncoding(text: string): SmsEncoding {
  return ONLY_GSM7.test(text) ? 'GSM-7' : 'UCS-2';
}

export function smsLength(text: string): SmsLength {
  const encoding = smsEncoding(text);
  // Every GSM-7 character is one UTF-16 code unit; an extension character costs a second septet.
  const units = encoding === 'GSM-7' ? text.length + (text.match(EXTENSION_CHARS)?.length ?? 0) : text.length;
  const { single, multi } = LIMITS[encoding];
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  const perSegment = segments <= 1 ? single : multi;
  const remaining = segments === 0 ? single : segments * perSegment - units;
  return { encoding, units, segments, perSegment, remaining };
}
