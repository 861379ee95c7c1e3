import { createHash } from 'node:crypto';
import { normaliseText } from './text-search.util';

/** SHA-256 of the normalised values: equal for the same details typed with other case or spacing. */
export function fingerprintOf(values: readonly string[]): string {
  return createHash('sha256')
    .update(values.map((value) => normaliseText(value)).join('\u0000'))
    .digest('hex');
}
