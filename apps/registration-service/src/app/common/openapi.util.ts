import type { SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/** OpenAPI schema of a request body, generated from the zod schema that validates it. */
export function openApiSchemaOf(schema: z.ZodType): SchemaObject {
  const jsonSchema: Record<string, unknown> = { ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) };
  delete jsonSchema['$schema'];
  return jsonSchema as SchemaObject;
}
