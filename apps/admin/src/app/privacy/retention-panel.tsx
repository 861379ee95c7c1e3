import { useEffect, useState, type FormEvent } from 'react';
import { HttpError, errorMessage } from '@kbe/api-client';
import { retentionResultsDateSchema, validateWith, type RetentionReport } from '@kbe/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, FieldError, Input, Label, toast } from '@kbe/ui';

import { useAdminApi } from '../admin-api';
import { useAdminUser } from '../admin-guard';
import { calendarDay, dayAndTimeOf, RETENTION_STATE_LABELS, todayInIndia } from './privacy-format';

/** The server's message at the date field of a 400 (`errors: [{ field: 'resultsPublishedOn', message }]`) or a 409 (a future date, the purge has run), else its message. */
function dateError(error: unknown): { field?: string; form?: string } {
  if (error instanceof HttpError && typeof error.body === 'object' && error.body !== null) {
    const errors = (error.body as { errors?: { field?: unknown; message?: unknown }[] }).errors;
    const atField = Array.isArray(errors) ? errors.find((item) => item.field === 'resultsPublishedOn') : undefined;
    if (typeof atField?.message === 'string') return { field: atField.message };
    if (error.status === 400 || error.status === 409) return { field: error.message };
  }
  return { form: errorMessage(error) };
}

/** The retention purge of the edition's sensitive fields: the report, and (admins) the results date it counts from. */
export function RetentionPanel() {
  const api = useAdminApi();
  const isAdmin = useAdminUser().role === 'admin';
  const [report, setReport] = useState<RetentionReport | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.retention().then(
      (answer) => current && setReport(answer),
      (error: unknown) => current && setLoadError(errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, [api]);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Retention</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {report ? <RetentionReportView report={report} /> : loadError ? <FieldError message={loadError} /> : <p role="status">Loading the retention report...</p>}
        {isAdmin && report ? <ResultsDateForm report={report} onSaved={setReport} /> : null}
      </CardContent>
    </Card>
  );
}

function RetentionReportView({ report }: { report: RetentionReport }) {
  const rows: [string, string][] = [
    ['Edition', String(report.editionYear)],
    ['Results published on', report.resultsPublishedOn ? calendarDay(report.resultsPublishedOn) : 'Not recorded yet'],
    ['Kept after the results for', `${report.retentionDays} days`],
    ['Purge due on', report.purgeDueOn ? calendarDay(report.purgeDueOn) : 'Set once the results date is recorded'],
    ['State', RETENTION_STATE_LABELS[report.state]],
    ['Candidates affected', String(report.candidates)],
    ['Purged so far', `${report.purged} of ${report.candidates}`],
    ...(report.startedAt ? ([['Started', dayAndTimeOf(report.startedAt)]] as [string, string][]) : []),
    ...(report.finishedAt ? ([['Finished', dayAndTimeOf(report.finishedAt)]] as [string, string][]) : []),
  ];
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]" data-testid="retention-report">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-slate-800">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="text-sm">
        <p className="font-semibold text-slate-800">The purge erases</p>
        <ul className="list-disc pl-6" aria-label="Fields the purge erases">
          {report.fields.map((field) => (
            <li key={field}>{field}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function ResultsDateForm({ report, onSaved }: { report: RetentionReport; onSaved: (report: RetentionReport) => void }) {
  const api = useAdminApi();
  const [date, setDate] = useState(report.resultsPublishedOn ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validateWith(retentionResultsDateSchema, { resultsPublishedOn: date });
    if (!checked.success) {
      setFieldError(checked.fieldErrors[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    setSaving(true);
    try {
      const saved = await api.setResultsDate(checked.data.resultsPublishedOn);
      onSaved(saved);
      toast({ title: 'Results date recorded', description: saved.purgeDueOn ? `The purge is due on ${calendarDay(saved.purgeDueOn)}.` : undefined });
    } catch (error) {
      const shown = dateError(error);
      setFieldError(shown.field ?? null);
      setFormError(shown.form ?? null);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form aria-label="Results date" noValidate className="flex flex-col gap-2 border-t border-slate-200 pt-4" onSubmit={(e) => void submit(e)}>
      <Label htmlFor="results-published-on">Results published on</Label>
      <p id="results-published-on-hint" className="text-sm text-slate-700">
        The purge is due {report.retentionDays} days after this date.
      </p>
      <Input
        id="results-published-on"
        type="date"
        max={todayInIndia()}
        value={date}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={`results-published-on-hint${fieldError ? ' results-published-on-error' : ''}`}
        onChange={(e) => setDate(e.target.value)}
        className="min-h-11 sm:w-56"
      />
      <FieldError id="results-published-on-error" message={fieldError} />
      <FieldError message={formError} />
      <Button type="submit" className="self-start" disabled={saving}>
        {saving ? 'Saving...' : 'Record results date'}
      </Button>
    </form>
  );
}
