import { useState, type FormEvent } from 'react';
import Download from 'lucide-react/icons/download';
import { errorMessage, saveBlob } from '@kbe/api-client';
import { type ExamLevel, type KbeCategory } from '@kbe/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FieldError, Input, Label } from '@kbe/ui';

import { useAdminApi } from '../admin-api';
import { DataTable, FilterSelect, Pager } from '../list-controls';
import { usePagedList } from '../use-paged-list.hook';
import { CATEGORY_OPTIONS, MEDAL_LABELS, scoreText } from './results-format';

const PAGE_SIZE = 25;

/** One school's ranked lines of the level as CSV or as a readable PDF, by school code (a read: viewers may download it too). */
function SchoolReport({ level }: { level: ExamLevel }) {
  const api = useAdminApi();
  const [school, setSchool] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);

  async function download(format: 'csv' | 'pdf') {
    const code = school.trim().toUpperCase();
    if (!code) {
      setError('Enter the school code, e.g. SCH-AB2CD3');
      return;
    }
    setBusy(format);
    setError(null);
    try {
      const file = format === 'csv' ? await api.schoolResultsReport(level, code) : await api.schoolResultsReportPdf(level, code);
      saveBlob(file, `results-${level.replace(/\s+/g, '-').toLowerCase()}-${code}.${format}`);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void download('csv');
  };

  return (
    <form aria-label="School report" className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end" onSubmit={submit} noValidate>
      <div className="flex min-w-0 flex-col gap-1.5 sm:w-64">
        <Label htmlFor="results-school-code">School code</Label>
        <Input
          id="results-school-code"
          value={school}
          placeholder="SCH-AB2CD3"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'results-school-code-error' : undefined}
          onChange={(e) => setSchool(e.target.value)}
          className="min-h-11 font-mono"
        />
      </div>
      <Button type="submit" variant="outline" disabled={busy !== null}>
        <Download aria-hidden="true" className="h-4 w-4" />
        {busy === 'csv' ? 'Downloading...' : 'Download school report (CSV)'}
      </Button>
      <Button type="button" variant="outline" disabled={busy !== null} onClick={() => void download('pdf')}>
        <Download aria-hidden="true" className="h-4 w-4" />
        {busy === 'pdf' ? 'Downloading...' : 'Download school report (PDF)'}
      </Button>
      <FieldError id="results-school-code-error" message={error} />
    </form>
  );
}

/** The level's ranked lines of one category, paged by the server; then one school's report. */
export function RankedResults({ level }: { level: ExamLevel }) {
  const api = useAdminApi();
  const [category, setCategory] = useState<KbeCategory>(CATEGORY_OPTIONS[0].value);
  const list = usePagedList({
    query: { level, category },
    failureMessage: 'Failed to load the ranked list',
    fetchPage: async (q, signal) => {
      const answer = await api.rankedResults(q.level, { category: q.category, page: q.page, limit: PAGE_SIZE }, signal);
      return { items: answer.results, pagination: answer.pagination };
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Ranked list</CardTitle>
        <CardDescription>Each category ranked by score; ties share a rank, and absentees come last without one.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FilterSelect id="results-category" label="Category" value={category} options={CATEGORY_OPTIONS} onChange={setCategory} />
        <DataTable
          caption={`${level} ${category} ranked list`}
          columns={['Rank', 'Roll number', 'Candidate', 'School', 'Score', 'Medal', 'Qualified']}
          loading={list.loading}
          loadingText="Loading the ranked list..."
          isEmpty={list.items.length === 0}
          emptyText={`No ${category} results for the ${level}`}
        >
          {list.items.map((result) => (
            <tr key={result.candidateCode} className="border-t border-slate-200">
              <td className="px-3 py-2 tabular-nums">{result.rank ?? '—'}</td>
              <td className="px-3 py-2 font-mono">{result.rollNumber ?? '—'}</td>
              <td className="px-3 py-2 font-mono">{result.candidateCode}</td>
              <td className="px-3 py-2 font-mono">{result.schoolCode}</td>
              <td className="px-3 py-2 text-right tabular-nums">{result.absent ? 'Absent' : scoreText(result.score)}</td>
              <td className="px-3 py-2">{result.medal ? MEDAL_LABELS[result.medal] : '—'}</td>
              <td className="px-3 py-2">{result.qualified ? <Badge variant="success">Qualified</Badge> : 'No'}</td>
            </tr>
          ))}
        </DataTable>
        <Pager label="Ranked list" pagination={list.pagination} page={list.page} onPage={list.setPage} />
        <SchoolReport level={level} />
      </CardContent>
    </Card>
  );
}
