import type { FieldValues, Resolver } from 'react-hook-form';

type RegistrationValidation = typeof import('./registration-validation');
export type RegistrationForm = keyof RegistrationValidation['registrationResolvers'];

let loading: Promise<RegistrationValidation> | undefined;

/**
 * The forms' validation (zod and the schemas), loaded once: with a form's first focus, so it is
 * there when the visitor leaves a field or submits, and at the latest with the first validation.
 * A failed load (the network) is tried again the next time.
 */
export function loadRegistrationValidation(): Promise<RegistrationValidation> {
  loading ??= import('./registration-validation').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** A react-hook-form resolver that validates with `form`'s schema once the validation has loaded. */
export function lazyResolver<TValues extends FieldValues, TOutput>(form: RegistrationForm): Resolver<TValues, unknown, TOutput> {
  return async (values, context, options) => {
    const { registrationResolvers } = await loadRegistrationValidation();
    const resolve = registrationResolvers[form] as unknown as Resolver<TValues, unknown, TOutput>;
    return resolve(values, context, options);
  };
}

/** A form's `onFocus`: the validation starts loading while the visitor types. */
export function preloadRegistrationValidation(): void {
  loadRegistrationValidation().catch(() => undefined);
}
