import { useRef, useState, type FormEvent } from 'react';
import { HttpError, errorMessage } from '@kbe/api-client';
import { mentorRegistrationSchema, validateWith, type MentorRegistration } from '@kbe/contracts';
import { Button, DialogContent, DialogDescription, DialogHeader, DialogTitle, FieldError, Input, Label, Textarea } from '@kbe/ui';

type FieldName = keyof MentorRegistration;

/** Every field of the mentor registration form, in its order. */
const MENTOR_FIELDS: { name: FieldName; label: string; long?: boolean; type?: string; inputMode?: 'numeric' | 'email'; maxLength?: number }[] = [
  { name: 'schoolCode', label: 'School code' },
  { name: 'name', label: 'Name' },
  { name: 'email', label: 'Email (optional)', type: 'email', inputMode: 'email' },
  { name: 'contact', label: 'Contact number', inputMode: 'numeric', maxLength: 10 },
  { name: 'address', label: 'Address', long: true },
  { name: 'subjectTeaching', label: 'Subject teaching' },
  { name: 'workExperience', label: 'Work experience (years)', type: 'number', inputMode: 'numeric' },
  { name: 'activitiesParticipated', label: 'Activities participated', long: true },
  { name: 'opinionOnISRO', label: 'Opinion on ISRO', long: true },
];

/** The field errors of a 400 answer (`{ message, errors: [{ field, message }] }`), by field name. */
function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || typeof error.body !== 'object' || error.body === null) return {};
  const errors = (error.body as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return {};
  const byField: Record<string, string> = {};
  for (const item of errors as { field?: unknown; message?: unknown }[]) {
    if (typeof item.field === 'string' && typeof item.message === 'string') byField[item.field.split('.').pop() ?? item.field] ??= item.message;
  }
  return byField;
}

function toValues(initial: Partial<MentorRegistration> | undefined): Record<string, string> {
  const values: Record<string, string> = { workExperience: '0' };
  for (const field of MENTOR_FIELDS) {
    const value = initial?.[field.name];
    if (value !== undefined && value !== null) values[field.name] = String(value);
  }
  return values;
}

/**
 * Add or edit a mentor with the registration rules (`mentorRegistrationSchema`). What the admin
 * typed stays in the form when the browser or the server refuses it; the server's message and
 * field errors are shown beside it.
 */
export function MentorFormDialog({
  title,
  submitLabel,
  idPrefix,
  initial,
  onSave,
}: {
  title: string;
  submitLabel: string;
  idPrefix: string;
  initial?: Partial<MentorRegistration>;
  onSave: (mentor: MentorRegistration) => Promise<void>;
}) {
  const [values, setValues] = useState<Record<string, string>>(() => toValues(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  /** Moves the focus to the first field with an error, so a keyboard user lands on it. */
  function focusFirstError(fieldErrors: Record<string, string>) {
    const first = MENTOR_FIELDS.find((field) => fieldErrors[field.name]);
    if (first) form.current?.querySelector<HTMLElement>(`#${idPrefix}-${first.name}`)?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input: Record<string, string> = { ...values };
    if (!input['email']?.trim()) delete input['email'];
    const result = validateWith(mentorRegistrationSchema, input);
    if (!result.success) {
      const fieldErrors = Object.fromEntries(result.fieldErrors.map((e) => [e.field, e.message]));
      setErrors(fieldErrors);
      focusFirstError(fieldErrors);
      return;
    }
    setErrors({});
    setSaving(true);
    setServerError(null);
    try {
      await onSave(result.data);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      setErrors(fieldErrors);
      setServerError(errorMessage(error));
      setSaving(false);
    }
  }

  return (
    <DialogContent className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>The same rules as the mentor registration form apply.</DialogDescription>
      </DialogHeader>
      <form ref={form} aria-label={title} noValidate className="flex flex-col gap-3" onSubmit={(e) => void submit(e)}>
        <FieldError message={serverError} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {MENTOR_FIELDS.map((field) => {
            const id = `${idPrefix}-${field.name}`;
            const error = errors[field.name];
            const common = {
              id,
              value: values[field.name] ?? '',
              'aria-invalid': error ? true : undefined,
              'aria-describedby': error ? `${id}-error` : undefined,
            };
            const update = (value: string) => setValues((v) => ({ ...v, [field.name]: value }));
            return (
              <div key={field.name} className={field.long ? 'flex flex-col gap-1.5 sm:col-span-2' : 'flex flex-col gap-1.5'}>
                <Label htmlFor={id}>{field.label}</Label>
                {field.long ? (
                  <Textarea {...common} rows={3} onChange={(e) => update(e.target.value)} />
                ) : (
                  <Input
                    {...common}
                    type={field.type ?? 'text'}
                    inputMode={field.inputMode}
                    maxLength={field.maxLength}
                    min={field.type === 'number' ? 0 : undefined}
                    onChange={(e) => update(e.target.value)}
                    className="min-h-11"
                  />
                )}
                <FieldError id={`${id}-error`} message={error} />
              </div>
            );
          })}
        </div>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : submitLabel}
        </Button>
      </form>
    </DialogContent>
  );
}
