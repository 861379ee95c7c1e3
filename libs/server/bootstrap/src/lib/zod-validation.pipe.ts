import { PipeTransform, type ArgumentMetadata } from '@nestjs/common';
import type { z } from 'zod';
import { RequestValidationError, type FieldError } from './error-response';

/**
 * Validates a body, query or path parameter against a zod schema (e.g. from `@kbe/contracts`);
 * 400 with field errors otherwise. A path parameter's errors are named after the parameter.
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown, metadata?: ArgumentMetadata): z.output<S> {
    const field = metadata?.type === 'param' && metadata.data ? metadata.data : undefined;
    return parseRequest(this.schema, value, field);
  }
}

/** Parses `value`; an issue without a path is reported against `field` (default `body`). */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown, field = 'body'): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || field,
    message: issue.message,
  }));
  throw new RequestValidationError(errors);
}
