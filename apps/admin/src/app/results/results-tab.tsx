import { useCallback, useEffect, useState } from 'react';
import { errorMessage, HttpError } from '@kbe/api-client';
import { EXAM_LEVELS, type ExamLevel, type LevelResultsSummary } from '@kbe/contracts';
import { Alert, AlertDescription, AlertTitle, Badge, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@kbe/ui';

import { useAdminApi } from '../admin-api';
import { useAdminUser } from '../admin-guard';
import { FilterSelect } from '../list-controls';
import { RankedResults } from './ranked-results';
import { LEVEL_OPTIONS, STATUS_LABELS } from './results-format';
import { ResultsImportPanel } from './results-import-panel';
import { ResultsPublication } from './results-publication';
import { ResultsSummary } from './results-summary';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/** The summary of a level; a 404 (nothing imported yet) reads as no results. */
function useResultsSummary(level: ExamLevel) {
  const api = useAdminApi();
  const [summary, setSummary] = useState<LevelResultsSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    api.resultsSummary(level, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setSummary(answer);
        setLoading(false);
      },
      (caught: unknown) => {
        if (controller.signal.aborted) return;
        setSummary(null);
        setLoading(false);
        if (!(caught instanceof HttpError && caught.status === 404)) setError(errorMessage(caught));
      },
    );
    return () => controller.abort();
  }, [api, level, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  // Right after a change of level, the summary held is the previous level's until the new one is in.
  return { summary: summary?.level === level ? summary : null, error, loading, reload, setSummary };
}

/**
 * Results tab (docs/results.md): pick a level; import its scores from the OMR sheets (a check
 * first, every problem listed); read the summary and histogram per category and the ranked list;
 * download a school's report; publish (guardians get an SMS, the qualified move on) or withdraw.
 * Viewers read and download; every write is the admin's.
 */
export default function ResultsTab() {
  const canWrite = useAdminUser().role === 'admin';
  const [level, setLevel] = useState<ExamLevel>(EXAM_LEVELS[0]);
  const { summary, error, loading, reload, setSummary } = useResultsSummary(level);
  const hasResults = summary !== null && summary.status !== 'none';

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Results</CardTitle>
          <CardDescription>Each level’s scores, ranks per category and who qualifies for the next level; published to guardians by SMS.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <FilterSelect id="results-level" label="Level" value={level} options={LEVEL_OPTIONS} onChange={setLevel} />
          {error ? (
            <Alert variant="destructive">
              <AlertTitle>The {level} results did not load</AlertTitle>
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          {loading ? <p role="status" className="text-sm text-slate-700">Loading the {level} results...</p> : null}
          {!loading && !error ? (
            <div className="flex flex-col gap-4" data-testid="results-status">
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
                <Badge variant={summary?.status === 'published' ? 'success' : 'secondary'}>{STATUS_LABELS[summary?.status ?? 'none']}</Badge>
                {summary?.importedAt ? <span>Imported {dateTime(summary.importedAt)}{summary.importedBy ? ` by ${summary.importedBy}` : ''}.</span> : null}
                {summary?.publishedAt && summary.status === 'published' ? <span>Published {dateTime(summary.publishedAt)}.</span> : null}
              </p>
              {hasResults ? <ResultsPublication key={level} summary={summary} canWrite={canWrite} onChanged={setSummary} /> : <p className="text-sm text-slate-700">Import the {level} scores below to see the ranks.</p>}
            </div>
          ) : null}
        </CardContent>
      </Card>
      {hasResults ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Summary by category</CardTitle>
            <CardDescription>The top 40% of those who sat qualify (rounded up, ties at the cut-off included); ranks 1 to 3 take the medals.</CardDescription>
          </CardHeader>
          <CardContent>
            <ResultsSummary summary={summary} />
          </CardContent>
        </Card>
      ) : null}
      {hasResults ? <RankedResults key={`${level}-${summary.importedAt ?? ''}`} level={level} /> : null}
      <ResultsImportPanel key={level} level={level} canWrite={canWrite} onImported={reload} />
    </div>
  );
}
