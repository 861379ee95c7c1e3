/**
 * The text to log or report for something caught: an `Error`'s message, anything else (a string,
 * a number, a plain object a library rejected with) as `String` renders it.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
