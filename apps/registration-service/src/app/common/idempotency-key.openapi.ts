import { ApiHeader } from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_HEADER } from '@kbe/contracts';
import { KEY_PATTERN } from './idempotency-key';

/** The optional `Idempotency-Key` header of a register operation, as `idempotencyKeyOf` checks it. */
export const ApiIdempotencyKeyHeader = () =>
  ApiHeader({
    name: IDEMPOTENCY_KEY_HEADER,
    required: false,
    description: 'A retried submit with the same key gets the first code (1 to 200 visible ASCII characters).',
    // an empty header counts as absent (idempotencyKeyOf)
    schema: { type: 'string', pattern: `^(${KEY_PATTERN.source.slice(1, -1)})?$` },
  });
