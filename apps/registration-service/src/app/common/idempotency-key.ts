import { RequestValidationError } from '@kbe/server-bootstrap';
import { IDEMPOTENCY_KEY_HEADER } from '@kbe/contracts';

export const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The `Idempotency-Key` header, checked: 1-200 visible ASCII characters, or absent. */
export function idempotencyKeyOf(header: unknown): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (typeof header === 'string' && KEY_PATTERN.test(header)) return header;
  throw new RequestValidationError([
    { field: IDEMPOTENCY_KEY_HEADER, message: `${IDEMPOTENCY_KEY_HEADER} must be 1 to 200 visible characters` },
  ]);
}
