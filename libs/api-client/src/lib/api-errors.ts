/** Base of every error the API client raises. */
export abstract class ApiClientError extends Error {}

/** The server answered with a non-OK status. */
export class HttpError extends ApiClientError {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed error body (JSON object, text or null). */
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The request never got an answer (offline, DNS, refused, CORS...). Nothing can be assumed saved. */
export class NetworkError extends ApiClientError {
  constructor(
    message = 'Could not reach the server. Please check your connection and try again.',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** The server answered OK but the body is not what the contract promises. */
export class InvalidResponseError extends ApiClientError {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidResponseError';
  }
}

/**
 * The text to show for something caught: the message of an `Error` (every ApiClientError carries
 * the server's own words, see extractErrorMessage), anything else as `String` renders it.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonBlank = (value: unknown): string | undefined => {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (Array.isArray(value)) {
    const parts = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    return parts.length > 0 ? parts.join(', ') : undefined;
  }
  return undefined;
};

/**
 * Spec section 8: the server's `error` field, else its `message`, else its `errors` list (each
 * `msg` or `message`, joined by commas), else 'HTTP error! Status: N'.
 */
export function extractErrorMessage(body: unknown, status: number): string {
  if (isRecord(body)) {
    const fromError = nonBlank(body['error']);
    if (fromError) return fromError;
    const fromMessage = nonBlank(body['message']);
    if (fromMessage) return fromMessage;
    const errors = body['errors'];
    if (Array.isArray(errors)) {
      const parts = errors
        .map((item) => (isRecord(item) ? nonBlank(item['msg']) ?? nonBlank(item['message']) : nonBlank(item)))
        .filter((part): part is string => part !== undefined);
      if (parts.length > 0) return parts.join(', ');
    }
  }
  return `HTTP error! Status: ${status}`;
}
