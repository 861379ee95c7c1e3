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

const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

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
  for (const char of text) if (!basic.has(char) && !extension.has(char)) return 'UCS-2';
  return 'GSM-7';
}

export function smsLength(text: string): SmsLength {
  const encoding = smsEncoding(text);
  let units = 0;
  if (encoding === 'GSM-7') for (const char of text) units += extension.has(char) ? 2 : 1;
  else units = text.length;
  const { single, multi } = LIMITS[encoding];
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  const perSegment = segments <= 1 ? single : multi;
  const remaining = segments === 0 ? single : segments * perSegment - units;
  return { encoding, units, segments, perSegment, remaining };
}
