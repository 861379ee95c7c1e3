import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { RequestValidationError, type FieldError } from './error-response';

/** Validates a body, query or param against a zod schema (e.g. from `@kbe/contracts`); 400 with field errors otherwise. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return parseRequest(this.schema, value);
  }
}

export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
  }));
  throw new RequestValidationError(errors);
}
