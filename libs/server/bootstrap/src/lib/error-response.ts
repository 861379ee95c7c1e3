import { HttpException, HttpStatus } from '@nestjs/common';
import { messageKeyOf, type MessageKeyValues } from '@kbe/contracts/zod-free';

export interface FieldError {
  /** Path of the offending field, dot separated (`personalDetails.fullName`). */
  field: string;
  /** The English text (spec section 5). */
  message: string;
  /**
   * The message's key (`messageKeyOf` of @kbe/contracts) when the contracts know the text, so a
   * client shows it in its own language; added to every answer by `toErrorBody`.
   */
  key?: string;
  /** The parts of a message built from parts (`{ field: 'field.schoolName' }`), when it has any. */
  values?: MessageKeyValues;
}

/** The one shape of every error answer. Never a stack trace. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  errors?: FieldError[];
}

/**
 * The `message` of a validation error, which the browser apps show as it is (spec section 8: the
 * server's message): each field's message once, joined by commas as the spec joins the candidate
 * form's messages. A bare predicate ('must not contain ...') is given its field's path; field paths
 * are otherwise left to `errors`, for programs.
 */
export function validationMessage(errors: readonly FieldError[]): string {
  const texts = errors.map(({ field, message }) => {
    const name = field.split('.').pop() ?? field;
    return /^[a-z]/.test(message) && !message.startsWith(name) ? `${field} ${message}` : message;
  });
  return [...new Set(texts)].join(', ') || 'Validation failed';
}

/** 400 (or 422) with the list of invalid fields. */
export class RequestValidationError extends HttpException {
  /**
   * `status`: 400 for a malformed request (the default); 422 for a well-formed one that breaks a
   * rule across its fields, which the OpenAPI document's JSON Schema cannot state.
   */
  constructor(
    readonly errors: FieldError[],
    status: HttpStatus.BAD_REQUEST | HttpStatus.UNPROCESSABLE_ENTITY = HttpStatus.BAD_REQUEST,
  ) {
    super({ statusCode: status, message: validationMessage(errors), errors }, status);
  }
}

/** Errors thrown by the body parser (http-errors with a `type`). */
interface BodyParserError {
  type: string;
  status: number;
}

const BODY_PARSER_MESSAGES: Record<string, { status: number; message: string }> = {
  'entity.parse.failed': { status: HttpStatus.BAD_REQUEST, message: 'Malformed JSON body' },
  'entity.too.large': { status: HttpStatus.PAYLOAD_TOO_LARGE, message: 'Request body too large' },
  'encoding.unsupported': { status: HttpStatus.UNSUPPORTED_MEDIA_TYPE, message: 'Unsupported body encoding' },
  'charset.unsupported': { status: HttpStatus.UNSUPPORTED_MEDIA_TYPE, message: 'Unsupported body charset' },
  'request.aborted': { status: HttpStatus.BAD_REQUEST, message: 'Request aborted' },
  'request.size.invalid': { status: HttpStatus.BAD_REQUEST, message: 'Request size did not match content length' },
};

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/**
 * The body parser's errors as HTTP exceptions with our messages. Needed because Nest turns a
 * JSON SyntaxError into a 400 carrying the parser's own message before any filter sees it.
 */
export function bodyParserErrorToHttpException(error: unknown): unknown {
  if (!isBodyParserError(error)) return error;
  const known = BODY_PARSER_MESSAGES[error.type];
  return known ? new HttpException(known.message, known.status) : error;
}

/** Maps anything thrown while handling a request to the status and body the client gets. */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) return fromHttpException(exception);
  if (isBodyParserError(exception)) {
    const known = BODY_PARSER_MESSAGES[exception.type];
    if (known) return { statusCode: known.status, message: known.message };
  }
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: INTERNAL_ERROR_MESSAGE };
}

function fromHttpException(exception: HttpException): ErrorBody {
  const statusCode = exception.getStatus();
  const response = exception.getResponse();
  if (typeof response === 'string') return { statusCode, message: response };
  const { message, errors } = response as { message?: unknown; errors?: unknown };
  const body: ErrorBody = { statusCode, message: messageText(message, exception.message) };
  if (Array.isArray(errors) && errors.every(isFieldError)) body.errors = errors.map(withMessageKey);
  return body;
}

/** A field error with the key (and values) of its message beside the English text, when the contracts know it. */
export function withMessageKey({ field, message }: FieldError): FieldError {
  const keyed = messageKeyOf(message);
  return keyed ? { field, message, ...keyed } : { field, message };
}

function messageText(message: unknown, fallback: string): string {
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.length > 0) return message.map(String).join(', ');
  return fallback;
}

function isFieldError(value: unknown): value is FieldError {
  const candidate = value as Partial<FieldError> | null;
  return typeof candidate?.field === 'string' && typeof candidate.message === 'string';
}

function isBodyParserError(value: unknown): value is BodyParserError {
  const candidate = value as Partial<BodyParserError> | null;
  return typeof candidate?.type === 'string' && typeof candidate.status === 'number';
}
