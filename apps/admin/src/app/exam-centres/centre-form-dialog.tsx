import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { HttpError, errorMessage } from '@kbe/api-client';
import { EXAM_LEVELS, KBE_CATEGORIES, MAX_ROOM_CAPACITY, centreSchema, validateWith, type Centre, type CentreView, type ExamLevel, type KbeCategory } from '@kbe/contracts';
import { Button, DialogContent, DialogDescription, DialogHeader, DialogTitle, FieldError, Input, Label, NativeSelect, Textarea } from '@kbe/ui';

import {
  centreDraftOf,
  centreFormValues,
  emptyRoom,
  emptySitting,
  errorsByPath,
  type CentreDetailField,
  type CentreFormValues,
  type RoomRow,
  type SittingRow,
} from './centre-form.values';

const DETAIL_FIELDS: { name: CentreDetailField; label: string; hint?: string; long?: boolean; inputMode?: 'numeric'; maxLength?: number }[] = [
  { name: 'code', label: 'Centre code', hint: '3 to 10 letters or digits, e.g. NSK01' },
  { name: 'name', label: 'Centre name' },
  { name: 'address', label: 'Address', long: true },
  { name: 'district', label: 'District' },
  { name: 'taluka', label: 'Taluka' },
  { name: 'contact', label: 'Contact (10-digit mobile number)', inputMode: 'numeric', maxLength: 10 },
];

/** The `errors` of a 400 answer (`[{ field, message }]`), by the contract's path. */
function serverErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || typeof error.body !== 'object' || error.body === null) return {};
  const errors = (error.body as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return {};
  return errorsByPath((errors as { field?: unknown; message?: unknown }[]).filter((e): e is { field: string; message: string } => typeof e.field === 'string' && typeof e.message === 'string'));
}

/** Label, control and its message, linked for assistive technology. */
function Field({ id, label, hint, error, className, children }: { id: string; label: string; hint?: string; error?: string; className?: string; children: (describedBy: string | undefined) => ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ?? 'flex min-w-0 flex-col gap-1.5'}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-700">
          {hint}
        </p>
      ) : null}
      {children(describedBy)}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * Add or edit an exam centre: its details, its rooms (name, capacity) and its sittings (level,
 * category, date, start and reporting time, optionally the rooms a paper uses), checked with the
 * contract's `centreSchema` before anything is sent, so the messages are the server's. What the
 * admin typed stays when the browser or the server refuses it; the focus moves to the first field
 * with a message.
 */
export function CentreFormDialog({ centre, onSave }: { centre?: CentreView; onSave: (centre: Centre) => Promise<void> }) {
  const editing = centre !== undefined;
  const idPrefix = editing ? 'edit-centre' : 'add-centre';
  const title = editing ? `Edit centre ${centre.code}` : 'Add centre';
  const [values, setValues] = useState<CentreFormValues>(() => centreFormValues(centre));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // After a refusal has rendered its messages, a keyboard user lands on the first field named.
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const setDetail = (name: CentreDetailField, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const setRoom = (index: number, change: Partial<RoomRow>) =>
    setValues((v) => ({ ...v, rooms: v.rooms.map((room, i) => (i === index ? { ...room, ...change } : room)) }));
  const setSitting = (index: number, change: Partial<SittingRow>) =>
    setValues((v) => ({ ...v, sittings: v.sittings.map((sitting, i) => (i === index ? { ...sitting, ...change } : sitting)) }));
  /** Rows move when one is removed: messages by row number no longer point at the right row. */
  const restructure = (change: (v: CentreFormValues) => CentreFormValues) => {
    setValues(change);
    setErrors({});
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const checked = validateWith(centreSchema, centreDraftOf(values));
    if (!checked.success) {
      setErrors(errorsByPath(checked.fieldErrors));
      setRefusals((n) => n + 1);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(editing ? { ...checked.data, code: centre.code } : checked.data);
    } catch (error) {
      setErrors(serverErrors(error));
      setServerError(errorMessage(error));
      setSaving(false);
      setRefusals((n) => n + 1);
    }
  }

  const invalid = (path: string) => (errors[path] ? true : undefined);
  return (
    <DialogContent className="max-w-3xl">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          A centre needs at least one room. A sitting without rooms uses every room; two sittings may not hold a shared room at the same time.
        </DialogDescription>
      </DialogHeader>
      <form ref={form} aria-label={title} noValidate className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
        <FieldError message={serverError} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {DETAIL_FIELDS.map((field) => {
            const id = `${idPrefix}-${field.name}`;
            const readOnly = editing && field.name === 'code';
            return (
              <Field key={field.name} id={id} label={field.label} hint={readOnly ? 'The code of a centre does not change.' : field.hint} error={errors[field.name]} className={field.long ? 'flex min-w-0 flex-col gap-1.5 sm:col-span-2' : undefined}>
                {(describedBy) =>
                  field.long ? (
                    <Textarea id={id} rows={2} value={values[field.name]} aria-invalid={invalid(field.name)} aria-describedby={describedBy} onChange={(e) => setDetail(field.name, e.target.value)} />
                  ) : (
                    <Input
                      id={id}
                      value={values[field.name]}
                      readOnly={readOnly}
                      inputMode={field.inputMode}
                      maxLength={field.maxLength}
                      autoCapitalize={field.name === 'code' ? 'characters' : undefined}
                      aria-invalid={invalid(field.name)}
                      aria-describedby={describedBy}
                      onChange={(e) => setDetail(field.name, e.target.value)}
                      className={readOnly ? 'min-h-11 bg-slate-100' : 'min-h-11'}
                    />
                  )
                }
              </Field>
            );
          })}
        </div>

        <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3" aria-describedby={errors['rooms'] ? `${idPrefix}-rooms-error` : undefined}>
          <legend className="px-1 text-base font-semibold">Rooms</legend>
          <FieldError id={`${idPrefix}-rooms-error`} message={errors['rooms']} />
          {values.rooms.map((room, index) => {
            const id = `${idPrefix}-room-${room.key}`;
            return (
              <fieldset key={room.key} className="grid grid-cols-[minmax(0,1fr)_5.5rem_auto] items-start gap-2">
                <legend className="sr-only">Room {index + 1}</legend>
                <Field id={`${id}-name`} label="Room name" error={errors[`rooms.${index}.name`]}>
                  {(describedBy) => (
                    <Input id={`${id}-name`} value={room.name} maxLength={40} aria-invalid={invalid(`rooms.${index}.name`)} aria-describedby={describedBy} onChange={(e) => setRoom(index, { name: e.target.value })} className="min-h-11" />
                  )}
                </Field>
                <Field id={`${id}-capacity`} label="Capacity" error={errors[`rooms.${index}.capacity`]}>
                  {(describedBy) => (
                    <Input
                      id={`${id}-capacity`}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={MAX_ROOM_CAPACITY}
                      value={room.capacity}
                      aria-invalid={invalid(`rooms.${index}.capacity`)}
                      aria-describedby={describedBy}
                      onChange={(e) => setRoom(index, { capacity: e.target.value })}
                      className="min-h-11"
                    />
                  )}
                </Field>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="mt-6"
                  disabled={values.rooms.length === 1}
                  aria-label={`Remove room ${index + 1}${room.name.trim() ? ` (${room.name.trim()})` : ''}`}
                  onClick={() => restructure((v) => ({ ...v, rooms: v.rooms.filter((_, i) => i !== index) }))}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              </fieldset>
            );
          })}
          <Button type="button" variant="outline" className="self-start" onClick={() => restructure((v) => ({ ...v, rooms: [...v.rooms, emptyRoom()] }))}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add room
          </Button>
        </fieldset>

        <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3" aria-describedby={errors['sittings'] ? `${idPrefix}-sittings-error` : undefined}>
          <legend className="px-1 text-base font-semibold">Sittings</legend>
          <FieldError id={`${idPrefix}-sittings-error`} message={errors['sittings']} />
          {values.sittings.length === 0 ? <p className="text-sm text-slate-700">No sittings yet: the seat allocation uses a centre only for the papers it holds.</p> : null}
          {values.sittings.map((sitting, index) => {
            const id = `${idPrefix}-sitting-${sitting.key}`;
            const path = `sittings.${index}`;
            return (
              <fieldset key={sitting.key} className="flex flex-col gap-2 rounded-md bg-slate-50 p-3" aria-describedby={errors[path] ? `${id}-error` : undefined}>
                <legend className="sr-only">Sitting {index + 1}</legend>
                <div className="flex items-center justify-between gap-2">
                  <p aria-hidden="true" className="font-semibold">
                    Sitting {index + 1}
                  </p>
                  <Button type="button" size="sm" variant="ghost" aria-label={`Remove sitting ${index + 1}`} onClick={() => restructure((v) => ({ ...v, sittings: v.sittings.filter((_, i) => i !== index) }))}>
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    Remove
                  </Button>
                </div>
                <FieldError id={`${id}-error`} message={errors[path]} />
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                  <Field id={`${id}-level`} label="Level" error={errors[`${path}.level`]}>
                    {(describedBy) => (
                      <NativeSelect id={`${id}-level`} value={sitting.level} aria-invalid={invalid(`${path}.level`)} aria-describedby={describedBy} onChange={(e) => setSitting(index, { level: e.target.value as ExamLevel })}>
                        {EXAM_LEVELS.map((level) => (
                          <option key={level} value={level}>
                            {level}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </Field>
                  <Field id={`${id}-category`} label="Category" error={errors[`${path}.category`]}>
                    {(describedBy) => (
                      <NativeSelect id={`${id}-category`} value={sitting.category} aria-invalid={invalid(`${path}.category`)} aria-describedby={describedBy} onChange={(e) => setSitting(index, { category: e.target.value as KbeCategory })}>
                        {KBE_CATEGORIES.map((category) => (
                          <option key={category} value={category}>
                            {category}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </Field>
                  <Field id={`${id}-date`} label="Date" error={errors[`${path}.date`]}>
                    {(describedBy) => (
                      <Input id={`${id}-date`} type="date" value={sitting.date} aria-invalid={invalid(`${path}.date`)} aria-describedby={describedBy} onChange={(e) => setSitting(index, { date: e.target.value })} className="min-h-11" />
                    )}
                  </Field>
                  <Field id={`${id}-start`} label="Start time" error={errors[`${path}.startTime`]}>
                    {(describedBy) => (
                      <Input id={`${id}-start`} type="time" value={sitting.startTime} aria-invalid={invalid(`${path}.startTime`)} aria-describedby={describedBy} onChange={(e) => setSitting(index, { startTime: e.target.value })} className="min-h-11" />
                    )}
                  </Field>
                  <Field id={`${id}-reporting`} label="Reporting time" error={errors[`${path}.reportingTime`]}>
                    {(describedBy) => (
                      <Input
                        id={`${id}-reporting`}
                        type="time"
                        value={sitting.reportingTime}
                        aria-invalid={invalid(`${path}.reportingTime`)}
                        aria-describedby={describedBy}
                        onChange={(e) => setSitting(index, { reportingTime: e.target.value })}
                        className="min-h-11"
                      />
                    )}
                  </Field>
                  <Field id={`${id}-rooms`} label="Rooms (optional)" hint="Names separated by commas; empty: every room" error={errors[`${path}.rooms`]}>
                    {(describedBy) => (
                      <Input id={`${id}-rooms`} value={sitting.rooms} aria-invalid={invalid(`${path}.rooms`)} aria-describedby={describedBy} onChange={(e) => setSitting(index, { rooms: e.target.value })} className="min-h-11" />
                    )}
                  </Field>
                </div>
              </fieldset>
            );
          })}
          <Button type="button" variant="outline" className="self-start" onClick={() => restructure((v) => ({ ...v, sittings: [...v.sittings, emptySitting()] }))}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add sitting
          </Button>
        </fieldset>

        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : editing ? 'Save changes' : 'Add centre'}
        </Button>
      </form>
    </DialogContent>
  );
}
