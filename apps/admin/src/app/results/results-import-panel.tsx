import { useState } from 'react';
import { errorMessage, HttpError } from '@kbe/api-client';
import { countOf, MAX_MARKS, RESULTS_CSV_COLUMNS, type ExamLevel, type ResultsImportReport } from '@kbe/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  toast,
} from '@kbe/ui';

import { useAdminApi } from '../admin-api';
import { CsvImportButtons, CsvImportFields, ImportProblemsTable } from '../csv-import';

function reportStatus(report: ResultsImportReport): string {
  if (report.problems.length > 0) return `${countOf(report.problems.length, 'problem')} found: nothing was stored. Fix the lines and check again.`;
  const counts = `${countOf(report.lines, 'line')}: ${report.sat} sat, ${report.absent} absent.`;
  if (report.dryRun) return `No problems found in ${counts} Nothing is stored yet: Import stores these results${report.unchanged ? ' (they are the ones already stored)' : ''}.`;
  if (report.unchanged) return `This file is the one already stored: nothing changed (${counts})`;
  return `${report.replaced ? 'Stored results replaced' : 'Imported'}: ${counts}`;
}

/**
 * A level's scores from the OMR sheets (RESULTS_CSV_COLUMNS): Check is a dry run listing every
 * problem by line and column; Import follows a clean check of the same text. With results stored,
 * the server refuses another file (409) until the admin confirms replacing them; from then on the
 * check and the import say `replace`.
 */
export function ResultsImportPanel({ level, canWrite, onImported }: { level: ExamLevel; canWrite: boolean; onImported: () => void }) {
  const api = useAdminApi();
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<ResultsImportReport | null>(null);
  const [checkedCsv, setCheckedCsv] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The server's 409: results of the level are stored; `dryRun` of the refused request. */
  const [conflict, setConflict] = useState<{ message: string; dryRun: boolean } | null>(null);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const [replace, setReplace] = useState(false);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const cleanCheck = report !== null && report.dryRun && report.problems.length === 0 && checkedCsv === csv;

  function changeText(text: string) {
    setCsv(text);
    setRefusal(null);
  }

  async function send(dryRun: boolean, replaceStored = replace) {
    setBusy(dryRun ? 'check' : 'import');
    setRefusal(null);
    setConflict(null);
    try {
      const answer = await api.importResults({ level, csv, dryRun, replace: replaceStored });
      setReport(answer);
      setCheckedCsv(dryRun ? csv : null);
      if (!dryRun && answer.problems.length === 0) {
        toast({ title: answer.replaced ? 'Results Replaced' : 'Results Imported', description: `${level}: ${answer.sat} sat, ${answer.absent} absent.` });
        setReplace(false);
        onImported();
      }
    } catch (error) {
      setReport(null);
      setCheckedCsv(null);
      if (error instanceof HttpError && error.status === 409 && !replaceStored) setConflict({ message: errorMessage(error), dryRun });
      else setRefusal(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  function replaceStoredResults() {
    const dryRun = conflict?.dryRun ?? true;
    setConfirmReplace(false);
    setReplace(true);
    void send(dryRun, true);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Import the {level} results (CSV)</CardTitle>
        <CardDescription className="break-words">
          Columns, in any order: {RESULTS_CSV_COLUMNS.join(', ')}. One of roll number or candidate code names the candidate; score is 0 to {MAX_MARKS[level]} (halves
          allowed); absent is yes or no, and an absent line has no score. A file with any problem stores nothing.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <CsvImportFields idPrefix="results-import" csv={csv} canWrite={canWrite} linesHint="one line per candidate" onChange={changeText} />
        {replace ? <p className="text-sm font-medium text-amber-900">This file replaces the stored {level} results.</p> : null}
        <CsvImportButtons canWrite={canWrite} busy={busy} csv={csv} cleanCheck={cleanCheck} onCheck={() => void send(true)} onImport={() => void send(false)} />
        {refusal ? (
          <Alert variant="destructive">
            <AlertTitle>The CSV was refused</AlertTitle>
            <AlertDescription>{refusal}</AlertDescription>
          </Alert>
        ) : null}
        {conflict ? (
          <Alert variant="destructive">
            <AlertTitle>{level} results are already stored</AlertTitle>
            <AlertDescription className="flex flex-col items-start gap-3">
              <span>{conflict.message}</span>
              <Button variant="destructive" disabled={!canWrite} onClick={() => setConfirmReplace(true)}>
                Replace the stored results
              </Button>
            </AlertDescription>
          </Alert>
        ) : null}
        {report ? (
          <section aria-labelledby="results-import-report-title" className="flex flex-col gap-3" data-testid="results-import-report">
            <h3 id="results-import-report-title" className="text-lg font-semibold">
              {report.dryRun ? 'Check of the CSV' : 'Import done'}
            </h3>
            <p role="status" className="text-sm text-slate-800">
              {reportStatus(report)}
            </p>
            {report.problems.length > 0 ? <ImportProblemsTable caption="Results problems by line" problems={report.problems} /> : null}
          </section>
        ) : null}
      </CardContent>
      <Dialog open={confirmReplace} onOpenChange={setConfirmReplace}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Replace the stored {level} results?</DialogTitle>
            <DialogDescription>
              The ranks, cut-offs and qualification of the level are worked out again from this file; the stored scores are gone (the replacement is audited).
              {conflict?.dryRun ? ' The file is checked first; Import then stores it.' : ''}
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive" onClick={replaceStoredResults}>
              Replace the results
            </Button>
            <Button variant="outline" onClick={() => setConfirmReplace(false)}>
              Cancel
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
