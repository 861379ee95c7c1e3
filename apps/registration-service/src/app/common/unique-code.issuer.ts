/** Thrown when every generated code collided: practically impossible, a 503 for the client. */
export class CodeSpaceExhaustedError extends Error {
  constructor(attempts: number) {
    super(`No free registration code after ${attempts} attempts`);
    this.name = 'CodeSpaceExhaustedError';
  }
}

/** The outcome of one attempt to store a record under a freshly generated code. */
export type CodeAttempt<T> = { stored: T } | { collision: true };

export const MAX_CODE_ATTEMPTS = 5;

/**
 * Generates a code and tries to store under it; a collision on the unique code index means
 * "try another code". Uniqueness is the database's job (unique index), not a prior lookup.
 */
export async function issueUniqueCode<T>(
  generate: () => string,
  attempt: (code: string) => Promise<CodeAttempt<T>>,
  maxAttempts = MAX_CODE_ATTEMPTS,
): Promise<T> {
  for (let i = 0; i < maxAttempts; i += 1) {
    const result = await attempt(generate());
    if ('stored' in result) return result.stored;
  }
  throw new CodeSpaceExhaustedError(maxAttempts);
}
