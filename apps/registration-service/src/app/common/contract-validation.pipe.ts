import type { PipeTransform } from '@nestjs/common';
import { validateWith } from '@kbe/contracts';
import { RequestValidationError } from '@kbe/server-bootstrap';
import type { z } from 'zod';

/**
 * Validates a request body against a `@kbe/contracts` schema and reports field errors the way
 * the browser forms do (`toFieldErrors`: an unexpected key is named as its own field).
 */
export class ContractValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = validateWith(this.schema, value ?? {});
    if (result.success) return result.data;
    throw new RequestValidationError(result.fieldErrors);
  }
}
