import type { z } from 'zod';

export type EnvSource = Readonly<Record<string, string | undefined>>;

/** Thrown when the environment does not satisfy a service's schema; the message names every bad variable. */
export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment: ${problems.join('; ')}`);
    this.name = 'InvalidEnvironmentError';
  }
}

/**
 * Validates `env` against `schema` and returns the typed config. Empty values count as unset,
 * so `FOO=` in an env file falls back to the default or is reported as required.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: EnvSource = process.env): z.output<S> {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') present[name] = value;
  }
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  throw new InvalidEnvironmentError(result.error.issues.map((issue) => describeIssue(issue, present)));
}

/**
 * `loadConfig` for a process entry point: on invalid env it prints one line naming the variables
 * (no stack trace) and exits with code 1.
 */
export function loadConfigOrExit<S extends z.ZodType>(
  schema: S,
  env: EnvSource = process.env,
  exit: (message: string) => never = exitWithMessage,
): z.output<S> {
  try {
    return loadConfig(schema, env);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) exit(error.message);
    throw error;
  }
}

function exitWithMessage(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function describeIssue(issue: z.core.$ZodIssue, present: Record<string, string>): string {
  const name = issue.path.map(String).join('.') || 'environment';
  if (issue.code === 'invalid_type' && issue.path.length === 1 && !(String(issue.path[0]) in present)) {
    return `${name} is required`;
  }
  if (issue.code === 'invalid_value') {
    return `${name} must be one of ${issue.values.map(String).join(', ')}`;
  }
  if (issue.message.startsWith('Invalid input')) {
    return `${name} is invalid`;
  }
  return `${name} ${issue.message}`;
}
