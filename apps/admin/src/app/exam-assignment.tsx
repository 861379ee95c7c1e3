import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  EXAM_ASSIGNMENT_CSV_COLUMNS,
  EXAM_ASSIGNMENT_CSV_MAX_BYTES,
  EXAM_TIME_EXAMPLE,
  TBA,
  countOf,
  examAssignmentSchema,
  type AdminCandidateListItem,
  type ExamAssignmentInput,
} from '@kbe/contracts';
import { Button, DialogContent, DialogDescription, DialogHeader, DialogTitle, FieldError, Input, Label, toast } from '@kbe/ui';
import { errorMessage } from '@kbe/api-client';

import { useAdminApi } from './admin-api';

const shown = (value: string) => (value === TBA ? '' : value);

type AssignmentField = 'seatNumber' | 'center' | 'examTime';

/**
 * Seat number, centre and exam time of one candidate; a cleared field shows 'TBA' again. The exam
 * time is a date-time with its offset (EXAM_TIME_EXAMPLE), checked by the API's own schema before
 * anything is sent.
 */
export function ExamAssignmentDialog({ candidate, onSave }: { candidate: AdminCandidateListItem; onSave: (input: ExamAssignmentInput) => Promise<void> }) {
  const [values, setValues] = useState({ seatNumber: shown(candidate.seatNumber), center: shown(candidate.center), examTime: shown(candidate.examTime) });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<AssignmentField, string>>>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const input = { seatNumber: values.seatNumber.trim() || null, center: values.center.trim() || null, examTime: values.examTime.trim() || null };
    const checked = examAssignmentSchema.safeParse(input);
    if (!checked.success) {
      setFieldErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setFieldErrors({});
    setSaving(true);
    try {
      await onSave(input);
    } catch (caught) {
      setError(errorMessage(caught));
      setSaving(false);
    }
  }

  const fields: readonly (readonly [AssignmentField, string, string?])[] = [
    ['seatNumber', 'Seat number'],
    ['center', 'Centre'],
    ['examTime', 'Exam time', `Date and time in India, e.g. ${EXAM_TIME_EXAMPLE}`],
  ];
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Exam details of {candidate.name}</DialogTitle>
        <DialogDescription>Leave a field empty to show TBA on the hall ticket.</DialogDescription>
      </DialogHeader>
      <form aria-label="Exam details" className="flex flex-col gap-3" onSubmit={(e) => void submit(e)}>
        {fields.map(([name, label, hint]) => (
          <div key={name} className="flex flex-col gap-1.5">
            <Label htmlFor={`exam-${name}`}>{label}</Label>
            {hint ? (
              <p id={`exam-${name}-hint`} className="text-sm text-slate-700">
                {hint}
              </p>
            ) : null}
            <Input
              id={`exam-${name}`}
              value={values[name]}
              placeholder={hint ? EXAM_TIME_EXAMPLE : undefined}
              aria-invalid={fieldErrors[name] ? true : undefined}
              aria-describedby={[hint ? `exam-${name}-hint` : '', fieldErrors[name] ? `exam-${name}-error` : ''].filter(Boolean).join(' ') || undefined}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              className="min-h-11"
            />
            <FieldError id={`exam-${name}-error`} message={fieldErrors[name]} />
          </div>
        ))}
        <FieldError message={error} />
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </form>
    </DialogContent>
  );
}

/** 'Import seats (CSV)': one row per candidate with the columns candidateId, seatNumber, center, examTime. */
export function ExamAssignmentImport({ disabled, onImported }: { disabled: boolean; onImported: () => void }) {
  const api = useAdminApi();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > EXAM_ASSIGNMENT_CSV_MAX_BYTES) {
      toast({ title: 'Import Failed', description: 'The CSV file must be at most 2 MB', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const result = await api.importExamAssignments(await file.text());
      const failures = result.failed.slice(0, 3).map((f) => `line ${f.line} (${f.candidateId}): ${f.message}`).join('; ');
      toast({
        title: result.failed.length ? 'Import Partly Applied' : 'Import Complete',
        description: `${result.updated} of ${countOf(result.rows, 'row')} applied.${failures ? ` Not applied: ${failures}${result.failed.length > 3 ? '; ...' : ''}` : ''}`,
        variant: result.failed.length ? 'destructive' : 'default',
      });
      onImported();
    } catch (error) {
      toast({ title: 'Import Failed', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <input ref={input} type="file" accept=".csv,text/csv" className="sr-only" tabIndex={-1} aria-hidden="true" aria-label="CSV file of exam details" onChange={(e) => void onFile(e)} />
      <Button variant="outline" disabled={disabled || busy} title={`Columns: ${EXAM_ASSIGNMENT_CSV_COLUMNS.join(', ')}`} onClick={() => input.current?.click()}>
        {busy ? 'Importing...' : 'Import seats (CSV)'}
      </Button>
    </>
  );
}
