import { useState } from 'react';
import Download from 'lucide-react/icons/download';
import { errorMessage } from '@kbe/api-client';
import { CENTRE_CSV_COLUMNS, countOf, type CentreImportReport } from '@kbe/contracts';
import { Alert, AlertDescription, AlertTitle, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@kbe/ui';

import { useAdminApi } from '../admin-api';
import { saveBlob } from '@kbe/api-client';
import { CsvImportButtons, CsvImportFields, ImportProblemsTable } from '../csv-import';
import { centreCsvTemplate } from './exam-centres-format';

/** The counts of a report: what a check says the import would do, or what it did. */
function ReportCounts({ report }: { report: CentreImportReport }) {
  const counts: [string, number][] = [
    [report.dryRun ? 'Would be created' : 'Created', report.created],
    [report.dryRun ? 'Would be updated' : 'Updated', report.updated],
    ['Unchanged', report.unchanged],
    ['With problems (not imported)', report.invalid],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="centre-import-counts">
      {counts.map(([label, count]) => (
        <div key={label} className="rounded-md border border-slate-200 bg-white px-3 py-2">
          <dt className="text-sm text-slate-700">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{count}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The centres' CSV import (CENTRE_CSV_COLUMNS, one line per room): a file or pasted text; Check is
 * a dry run that lists every problem by line and column; Import is offered once a check of the same
 * text found none. The template is the header and one example line.
 */
export function CentreImportPanel({ canWrite, onImported }: { canWrite: boolean; onImported: () => void }) {
  const api = useAdminApi();
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<CentreImportReport | null>(null);
  /** The text the last check read: Import stays off once the text changes. */
  const [checkedCsv, setCheckedCsv] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);

  const cleanCheck = report !== null && report.dryRun && report.invalid === 0 && report.problems.length === 0 && checkedCsv === csv;

  function changeText(text: string) {
    setCsv(text);
    setRefusal(null);
  }

  async function send(dryRun: boolean) {
    setBusy(dryRun ? 'check' : 'import');
    setRefusal(null);
    try {
      const answer = await api.importCentres(csv, dryRun);
      setReport(answer);
      setCheckedCsv(dryRun ? csv : null);
      if (!dryRun) {
        toast({ title: 'Centres Imported', description: `${answer.created} created, ${answer.updated} updated, ${answer.unchanged} unchanged.` });
        onImported();
      }
    } catch (error) {
      setReport(null);
      setCheckedCsv(null);
      setRefusal(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2">Import centres (CSV)</CardTitle>
          <CardDescription className="break-words">
            One line per room; the lines of a centre repeat its details. Columns: {CENTRE_CSV_COLUMNS.join(', ')}. Sittings in one cell, separated by commas, each written
            level|category|date|startTime|reportingTime, optionally |room;room.
          </CardDescription>
        </div>
        <Button variant="outline" className="shrink-0" onClick={() => saveBlob(new Blob([centreCsvTemplate()], { type: 'text/csv' }), 'centres-template.csv')}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Download template
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <CsvImportFields idPrefix="centre-import" csv={csv} canWrite={canWrite} linesHint="one line per room" onChange={changeText} />
        <CsvImportButtons canWrite={canWrite} busy={busy} csv={csv} cleanCheck={cleanCheck} onCheck={() => void send(true)} onImport={() => void send(false)} />
        {refusal ? (
          <Alert variant="destructive">
            <AlertTitle>The CSV was refused</AlertTitle>
            <AlertDescription>{refusal}</AlertDescription>
          </Alert>
        ) : null}
        {report ? (
          <section aria-labelledby="centre-import-report-title" className="flex flex-col gap-3">
            <h3 id="centre-import-report-title" className="text-lg font-semibold">
              {report.dryRun ? 'Check of the CSV' : 'Import done'}
            </h3>
            <p role="status" className="text-sm text-slate-800">
              {report.dryRun
                ? report.problems.length === 0
                  ? 'No problems found: nothing was stored yet. Import stores these centres.'
                  : `${countOf(report.problems.length, 'problem')} found: nothing was stored. Centres with problems are skipped by the import; fix them and check again.`
                : `Imported. ${report.invalid > 0 ? `${countOf(report.invalid, 'centre')} with problems skipped.` : ''}`}
            </p>
            <ReportCounts report={report} />
            {report.problems.length > 0 ? (
              <ImportProblemsTable caption="Problems by line" problems={report.problems} />
            ) : null}
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
