import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { FieldError, Input, Label, NativeSelect, Textarea } from '@kbe/ui';
import { useRegistrationMessages } from '../../i18n/registration.catalogue';

/** Ids of a field, its hint and its error, derived from the form id and the field path. */
export function fieldIds(formId: string, name: string) {
  const id = `${formId}-${name.replace(/[.[\]]+/g, '-')}`;
  return { id, hintId: `${id}-hint`, errorId: `${id}-error` };
}

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  hintId: string;
  error?: string;
  errorId: string;
  className?: string;
  children: ReactNode;
}

/** Label above the control, then its hint and its error (both linked by aria-describedby). */
export function FieldShell({ id, label, required, hint, hintId, error, errorId, className, children }: FieldShellProps) {
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className ?? ''}`}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        ) : null}
      </Label>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function describedBy(hint: string | undefined, hintId: string, error: string | undefined, errorId: string) {
  return [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
}

interface BaseProps<V extends FieldValues> {
  form: Pick<UseFormReturn<V>, 'register' | 'formState'>;
  formId: string;
  name: Path<V>;
  label: string;
  required?: boolean;
  hint?: string;
  className?: string;
}

function useFieldState<V extends FieldValues>({ form, formId, name, hint }: BaseProps<V>) {
  const { text } = useRegistrationMessages();
  const english = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  // The schemas speak English; the page shows each message in its language by the message's key.
  const error = english ? text(english) : undefined;
  const ids = fieldIds(formId, name);
  return {
    ...ids,
    error,
    a11y: {
      id: ids.id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(hint, ids.hintId, error, ids.errorId),
    },
  };
}

export function TextField<V extends FieldValues>(
  props: BaseProps<V> & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'>,
) {
  const { form, formId, name, label, required, hint, className, ...inputProps } = props;
  const state = useFieldState(props);
  return (
    <FieldShell label={label} required={required} hint={hint} className={className} {...state}>
      <Input
        aria-required={required || undefined}
        {...inputProps}
        {...state.a11y}
        aria-describedby={
          [state.a11y['aria-describedby'], inputProps['aria-describedby']].filter(Boolean).join(' ') || undefined
        }
        {...form.register(name)}
      />
    </FieldShell>
  );
}

export function TextAreaField<V extends FieldValues>(
  props: BaseProps<V> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'form'>,
) {
  const { form, formId, name, label, required, hint, className, ...areaProps } = props;
  const state = useFieldState(props);
  return (
    <FieldShell label={label} required={required} hint={hint} className={className} {...state}>
      <Textarea aria-required={required || undefined} rows={3} {...areaProps} {...state.a11y} {...form.register(name)} />
    </FieldShell>
  );
}

export function SelectField<V extends FieldValues>(
  props: BaseProps<V> & { options: readonly string[]; optionLabel?: (value: string) => string; placeholder?: string } & Omit<
      SelectHTMLAttributes<HTMLSelectElement>,
      'name' | 'form'
    >,
) {
  const { form, formId, name, label, required, hint, className, options, optionLabel, placeholder, ...selectProps } = props;
  const state = useFieldState(props);
  const { t } = useRegistrationMessages();
  return (
    <FieldShell label={label} required={required} hint={hint} className={className} {...state}>
      <NativeSelect aria-required={required || undefined} {...selectProps} {...state.a11y} {...form.register(name)}>
        <option value="">{placeholder ?? t('select.placeholder', { label: label.toLowerCase() })}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel ? optionLabel(option) : option}
          </option>
        ))}
      </NativeSelect>
    </FieldShell>
  );
}

export function CheckboxField<V extends FieldValues>(props: BaseProps<V>) {
  const { form, name, label, className } = props;
  const state = useFieldState(props);
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className ?? ''}`}>
      <div className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          className="h-5 w-5 rounded border-slate-400 accent-indigo-700"
          {...state.a11y}
          {...form.register(name)}
        />
        <Label htmlFor={state.id}>{label}</Label>
      </div>
      <FieldError id={state.errorId} message={state.error} />
    </div>
  );
}

/** A titled group of fields, one column on phones and two from `sm` up. */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-base font-bold text-slate-900">{legend}</legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
