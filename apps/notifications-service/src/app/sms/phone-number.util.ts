/**
 * An Indian mobile number in E.164 (`+91` and ten digits starting 6-9), or null when the input
 * is not one. Accepts what people type: spaces, dashes, dots, brackets, a leading 0, 91 or +91.
 */
export function toIndianE164(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  const match = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(compact);
  return match ? `+91${match[1]}` : null;
}
