import type { z } from 'zod';
import { candidateRegistrationSchema, type CandidateRegistration } from './candidate.schema';
import { imageFileProblem, type ImageFileInfo } from './image-file.rules';
import { FIELD_LABELS, VALIDATION_MESSAGES } from './validation.messages';

/** One problem with one field; `field` is the dotted path ('personalDetails.fullName'). */
export interface FieldError {
  field: string;
  message: string;
  /** In an API error body: the message's key (`messageKeyOf`), when the contracts know the text. */
  key?: string;
  /** In an API error body: the parts of a message built from parts. */
  values?: Record<string, string | number>;
}

export type ValidationResult<T> =
  | { success: true; data: T }
  | { success: false; messages: string[]; fieldErrors: FieldError[] };

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}

/** The distinct messages of a validation error, in schema order. */
export function collectValidationMessages(error: { issues: readonly IssueLike[] }): string[] {
  return [...new Set(error.issues.map((issue) => issue.message))];
}

/** Field errors for the `errors` list of an API error response. */
export function toFieldErrors(error: { issues: readonly IssueLike[] }): FieldError[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, message: issue.message }));
    }
    return [{ field: base, message: issue.message }];
  });
}

/** Runs a schema and returns either the parsed data or the messages to show. */
export function validateWith<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    messages: collectValidationMessages(result.error),
    fieldErrors: toFieldErrors(result.error),
  };
}

export interface CandidateSubmission {
  /** The nested candidate fields (JSON, or a multipart body's bracketed names nested by the parser). */
  fields: unknown;
  photo?: ImageFileInfo | null;
  signature?: ImageFileInfo | null;
}

/**
 * Every rule of a candidate submission's content (fields, both documents) in one list of
 * messages, so the browser and the service reject exactly the same submissions. The deadline is
 * not a rule of the content: callers check `registrationClosedMessage` before this.
 */
export function validateCandidateSubmission(
  submission: CandidateSubmission,
): ValidationResult<CandidateRegistration> {
  const parsed = validateWith(candidateRegistrationSchema, submission.fields);
  const messages = parsed.success ? [] : [...parsed.messages];
  const fieldErrors = parsed.success ? [] : [...parsed.fieldErrors];

  const { photo, signature } = submission;
  if (!photo || !signature) {
    messages.push(VALIDATION_MESSAGES.documents);
    fieldErrors.push({ field: photo ? 'signature' : 'photo', message: VALIDATION_MESSAGES.documents });
  }
  for (const [field, label, file] of [
    ['photo', FIELD_LABELS.photo, photo],
    ['signature', FIELD_LABELS.signature, signature],
  ] as const) {
    const problem = file ? imageFileProblem(label, file) : null;
    if (problem) {
      messages.push(problem);
      fieldErrors.push({ field, message: problem });
    }
  }

  if (parsed.success && messages.length === 0) return parsed;
  return { success: false, messages: [...new Set(messages)], fieldErrors };
}
