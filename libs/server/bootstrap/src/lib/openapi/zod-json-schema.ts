import { z } from 'zod';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as a plain object. */
export type JsonSchema = Record<string, unknown>;

interface ZodInternals {
  _zod: { def: { type: string; in?: z.ZodType; out?: z.ZodType; checks?: Array<{ _zod: { def: { check: string } } }> } };
}

const defOf = (schema: unknown) => (schema as ZodInternals)._zod.def;

/**
 * The JSON Schema of what a request may send, generated from the zod schema that validates it
 * (so the document and the validation cannot drift apart). What JSON Schema cannot say the way
 * zod checks it is made to say what the server accepts:
 * - `z.preprocess(fn, schema)` (multipart strings to numbers/booleans, blank to absent) is
 *   described by the schema it feeds, as a JSON client sends it;
 * - a trimmed required string (`.trim().min(1)`) must contain a non-blank character.
 */
export function requestJsonSchema(schema: z.ZodType): JsonSchema {
  const json: JsonSchema = {
    ...z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      override: (context) => describeAccepted(context.zodSchema as unknown as z.ZodType, context.jsonSchema as JsonSchema),
    }),
  };
  delete json['$schema'];
  return json;
}

function describeAccepted(schema: z.ZodType, json: JsonSchema): void {
  const def = defOf(schema);
  // a preprocess (transform) or a normalising string (`.trim().pipe(z.email())`) feeding a schema
  if (def.type === 'pipe' && def.in && ['transform', 'string'].includes(defOf(def.in).type) && def.out) {
    for (const key of Object.keys(json)) delete json[key];
    Object.assign(json, requestJsonSchema(def.out));
    return;
  }
  if (def.type === 'string' && json['type'] === 'string') {
    const trims = def.checks?.some((check) => check._zod.def.check === 'overwrite');
    if (trims && typeof json['minLength'] === 'number' && json['minLength'] >= 1 && json['pattern'] === undefined) {
      json['pattern'] = '\\S';
    }
  }
}

/**
 * The query (or path) parameters of an object schema: one OpenAPI parameter per property, each
 * with its own schema and whether it is required.
 */
export function parametersOf(schema: z.ZodType, location: 'query' | 'path'): Array<Record<string, unknown>> {
  const json = requestJsonSchema(schema);
  const properties = (json['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
    ...(typeof property['description'] === 'string' ? { description: property['description'] } : {}),
  }));
}

/** Whether the schema accepts an empty body (`{}`): then the body is optional. */
export function acceptsEmptyBody(schema: z.ZodType): boolean {
  return schema.safeParse({}).success;
}

/** Integers and decimals a form field may carry (`toNumberInput` in @kbe/contracts), positive ones. */
const POSITIVE_DECIMAL = '^\\s*\\+?(0*[1-9][0-9]*(\\.[0-9]*)?|0*\\.[0-9]*[1-9][0-9]*|0+\\.[0-9]*[1-9][0-9]*)\\s*$';

/** A form field is text: a number travels as digits, a boolean as `true` / `false`. */
function asFormField(property: JsonSchema): JsonSchema {
  if (property['type'] === 'boolean') return { type: 'string', enum: ['true', 'false'] };
  if (property['type'] === 'number' && property['exclusiveMinimum'] === 0 && property['maximum'] === undefined) {
    return { type: 'string', pattern: POSITIVE_DECIMAL, description: 'A number greater than 0.' };
  }
  return property;
}

/** A file part of a multipart form: whether it is required, what it is, which media types the server accepts. */
export interface MultipartFilePart {
  required: boolean;
  description: string;
  contentTypes: readonly string[];
}

/**
 * The request body of a multipart form of `schema` plus files, for `@ApiBody`: the schema of
 * `multipartSchemaOf` and an `encoding` naming each file's accepted media types.
 */
export function multipartBody(schema: z.ZodType, files: Record<string, MultipartFilePart>) {
  const encoding = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, { contentType: file.contentTypes.join(', ') }]));
  return { required: true, schema: multipartSchemaOf(schema, files), encoding };
}

/**
 * A multipart form of `schema` with nested objects as bracketed names (`personalDetails[fullName]`,
 * the way `toBracketedFields` in @kbe/contracts sends them) plus the given files.
 */
export function multipartSchemaOf(schema: z.ZodType, files: Record<string, Pick<MultipartFilePart, 'required' | 'description'>>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  // An optional group's own required fields: needed as soon as any field of the group is sent.
  const dependentRequired: Record<string, string[]> = {};
  const walk = (node: JsonSchema, prefix: string, parentRequired: boolean) => {
    const children = (node['properties'] ?? {}) as Record<string, JsonSchema>;
    const requiredHere = new Set((node['required'] ?? []) as string[]);
    const optionalGroup = prefix !== '' && !parentRequired;
    const groupRequired = optionalGroup ? [...requiredHere].map((key) => `${prefix}[${key}]`) : [];
    for (const [key, child] of Object.entries(children)) {
      const name = prefix ? `${prefix}[${key}]` : key;
      const isRequired = parentRequired && requiredHere.has(key);
      if (child['type'] === 'object' && child['properties']) {
        walk(child, name, isRequired);
        continue;
      }
      properties[name] = child;
      if (isRequired) required.push(name);
      const others = groupRequired.filter((other) => other !== name);
      if (others.length > 0) dependentRequired[name] = others;
    }
  };
  walk(requestJsonSchema(schema), '', true);
  for (const [name, property] of Object.entries(properties)) properties[name] = asFormField(property);
  for (const [name, file] of Object.entries(files)) {
    properties[name] = { type: 'string', format: 'binary', description: file.description };
    if (file.required) required.push(name);
  }
  return {
    type: 'object',
    properties,
    required,
    ...(Object.keys(dependentRequired).length > 0 ? { dependentRequired } : {}),
    additionalProperties: false,
  };
}
