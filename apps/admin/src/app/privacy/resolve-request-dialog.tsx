import { useState, type FormEvent } from 'react';
import { HttpError, errorMessage } from '@kbe/api-client';
import { DATA_REQUEST_KIND_LABELS, dataRequestResolutionSchema, validateWith, type DataRequestResolution, type DataRequestView } from '@kbe/contracts';
import { Alert, AlertDescription, AlertTitle, Button, DialogContent, DialogDescription, DialogHeader, DialogTitle, FieldError, Label, Textarea } from '@kbe/ui';

import { dayOf } from './privacy-format';

type Field = 'outcome' | 'note' | 'confirm';

export const ERASURE_WARNING = "Marking this request done erases the candidate's photo, signature, personal details and documents. This cannot be undone.";
export const ERASURE_CONFIRM = "I understand that the candidate's data will be erased and cannot be restored.";
const CONFIRM_REQUIRED = 'Please confirm that the data may be erased.';

/** The field errors of a 400 answer (`{ message, errors: [{ field, message }] }`), by field name. */
function serverFieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!(error instanceof HttpError) || typeof error.body !== 'object' || error.body === null) return {};
  const errors = (error.body as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return {};
  const byField: Partial<Record<Field, string>> = {};
  for (const item of errors as { field?: unknown; message?: unknown }[]) {
    if ((item.field === 'outcome' || item.field === 'note') && typeof item.message === 'string') byField[item.field] ??= item.message;
  }
  return byField;
}

/**
 * Answers one open request: done or refused, with a note saying what was done or why not. An
 * erasure marked done erases the candidate, so it says so and asks for a confirmation first.
 */
export function ResolveRequestDialog({ request, onResolve }: { request: DataRequestView; onResolve: (resolution: DataRequestResolution) => Promise<void> }) {
  const [outcome, setOutcome] = useState<'' | DataRequestResolution['outcome']>('');
  const [note, setNote] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const erases = request.kind === 'erasure' && outcome === 'done';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validateWith(dataRequestResolutionSchema, { outcome: outcome || undefined, note });
    const fieldErrors: Partial<Record<Field, string>> = checked.success ? {} : Object.fromEntries(checked.fieldErrors.map((e) => [e.field, e.message]));
    if (erases && !confirmed) fieldErrors.confirm = CONFIRM_REQUIRED;
    setErrors(fieldErrors);
    if (!checked.success || fieldErrors.confirm) return;
    setSaving(true);
    try {
      await onResolve(checked.data);
    } catch (error) {
      const fromServer = serverFieldErrors(error);
      setErrors(fromServer);
      if (Object.keys(fromServer).length === 0) setFormError(errorMessage(error));
      setSaving(false);
    }
  }

  const described = (field: Field) => (errors[field] ? `resolve-${field}-error` : undefined);
  return (
    <DialogContent className="max-w-xl">
      <DialogHeader>
        <DialogTitle>Resolve request {request.id}</DialogTitle>
        <DialogDescription>
          {DATA_REQUEST_KIND_LABELS[request.kind]} for candidate {request.candidateCode}, requested {dayOf(request.requestedAt)}, due {dayOf(request.dueAt)}.
        </DialogDescription>
      </DialogHeader>
      {request.details ? (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          <p className="font-semibold">The guardian wrote</p>
          <p className="whitespace-pre-wrap break-words" data-testid="request-details">
            {request.details}
          </p>
        </div>
      ) : null}
      <form aria-label={`Resolve request ${request.id}`} noValidate className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
        <fieldset className="flex flex-col gap-2" aria-describedby={described('outcome')}>
          <legend className="text-sm font-semibold text-slate-900">Outcome</legend>
          {(['done', 'refused'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name="outcome" value={value} checked={outcome === value} onChange={() => setOutcome(value)} />
              {value === 'done' ? (request.kind === 'erasure' ? "Done: erase the candidate's data" : 'Done') : 'Refused'}
            </label>
          ))}
          <FieldError id="resolve-outcome-error" message={errors.outcome} />
        </fieldset>
        {erases ? (
          <Alert variant="destructive">
            <AlertTitle>This erases the candidate&apos;s data</AlertTitle>
            <AlertDescription>{ERASURE_WARNING}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="resolve-note">{outcome === 'refused' ? 'Why the request is refused' : 'What was done'}</Label>
          <Textarea
            id="resolve-note"
            rows={3}
            maxLength={500}
            value={note}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={described('note')}
            onChange={(e) => setNote(e.target.value)}
          />
          <FieldError id="resolve-note-error" message={errors.note} />
        </div>
        {erases ? (
          <div className="flex flex-col gap-1.5">
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
              <input type="checkbox" checked={confirmed} aria-describedby={described('confirm')} onChange={(e) => setConfirmed(e.target.checked)} />
              {ERASURE_CONFIRM}
            </label>
            <FieldError id="resolve-confirm-error" message={errors.confirm} />
          </div>
        ) : null}
        <FieldError message={formError} />
        <Button type="submit" variant={erases ? 'destructive' : 'default'} disabled={saving}>
          {saving ? 'Saving...' : erases ? 'Erase the data and mark done' : 'Save'}
        </Button>
      </form>
    </DialogContent>
  );
}
