import { useState, type ChangeEvent } from 'react';
import { Button, Input, Label, Textarea } from '@kbe/ui';

import { DataTable } from './list-controls';

/** One problem of an imported file as the server reports it; `line` or `field` is null when the problem is not one line's or one column's. */
export interface CsvImportProblem {
  line: number | null;
  field: string | null;
  message: string;
}

/**
 * The two ways to give a CSV (centres, attendance, results): a file, read into the text, or the
 * text pasted; the text stays editable either way. `idPrefix` names the two controls.
 */
export function CsvImportFields({ idPrefix, csv, canWrite, linesHint, rows = 6, onChange }: {
  idPrefix: string;
  csv: string;
  canWrite: boolean;
  /** What follows the header, e.g. 'one line per room'. */
  linesHint: string;
  rows?: number;
  onChange: (text: string) => void;
}) {
  const [fileName, setFileName] = useState<string | null>(null);
  const fileId = `${idPrefix}-file`;
  const textId = `${idPrefix}-text`;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    onChange(await file.text());
  }

  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={fileId}>CSV file</Label>
        <Input id={fileId} type="file" accept=".csv,text/csv" disabled={!canWrite} onChange={(e) => void onFile(e)} className="min-h-11 py-2" />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={textId}>Or paste the CSV</Label>
        <p id={`${textId}-hint`} className="text-sm text-slate-700">
          {fileName ? `Loaded from ${fileName}; edit here if needed.` : `The header line first, then ${linesHint}.`}
        </p>
        <Textarea
          id={textId}
          rows={rows}
          spellCheck={false}
          value={csv}
          disabled={!canWrite}
          aria-describedby={`${textId}-hint`}
          onChange={(e) => onChange(e.target.value)}
          className="font-mono text-sm"
        />
      </div>
    </>
  );
}

/** Check (a dry run) and Import, which is offered once a check of the same text found no problem. */
export function CsvImportButtons({ canWrite, busy, csv, cleanCheck, onCheck, onImport }: {
  canWrite: boolean;
  busy: 'check' | 'import' | null;
  csv: string;
  cleanCheck: boolean;
  onCheck: () => void;
  onImport: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" disabled={!canWrite || busy !== null || !csv.trim()} onClick={onCheck}>
        {busy === 'check' ? 'Checking...' : 'Check'}
      </Button>
      <Button
        disabled={!canWrite || busy !== null || !cleanCheck}
        title={cleanCheck ? undefined : 'Check the CSV first; Import is offered when the check finds no problem'}
        onClick={onImport}
      >
        {busy === 'import' ? 'Importing...' : 'Import'}
      </Button>
    </div>
  );
}

/** Every problem of a file as line, column and message. */
export function ImportProblemsTable({ caption, problems }: { caption: string; problems: readonly CsvImportProblem[] }) {
  return (
    <DataTable caption={caption} columns={['Line', 'Column', 'Problem']} loading={false} loadingText="" isEmpty={false} emptyText="">
      {problems.map((problem, index) => (
        <tr key={`${problem.line}-${problem.field}-${index}`} className="border-t border-slate-200 align-top">
          <td className="px-3 py-2 tabular-nums">{problem.line ?? '—'}</td>
          <td className="px-3 py-2 font-mono">{problem.field ?? '—'}</td>
          <td className="px-3 py-2">{problem.message}</td>
        </tr>
      ))}
    </DataTable>
  );
}
