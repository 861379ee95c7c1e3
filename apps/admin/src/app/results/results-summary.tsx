import { lazy, Suspense } from 'react';
import type { CategoryResults, LevelResultsSummary } from '@kbe/contracts';

import { DataTable } from '../list-controls';
import { bucketLabel, histogramSummary, medalsText, scoreText } from './results-format';

const ResultsHistogramChart = lazy(() => import('./results-histogram-chart'));

/** One category's histogram: the bars for the eye, a sentence and a table of the ten ranges for screen readers. */
function CategoryHistogram({ result, maxMarks }: { result: CategoryResults; maxMarks: number }) {
  const id = `results-histogram-${result.category}`;
  return (
    <figure aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-2 rounded-md border border-slate-200 bg-white p-3">
      <figcaption id={`${id}-title`} className="font-semibold">
        {result.category}: scores out of {maxMarks}
      </figcaption>
      <p className="sr-only">{histogramSummary(result)}</p>
      <Suspense fallback={<p className="h-48 text-sm text-slate-700">Loading the chart...</p>}>
        <ResultsHistogramChart histogram={result.histogram} />
      </Suspense>
      <table className="sr-only">
        <caption>{result.category} candidates by score range</caption>
        <thead>
          <tr>
            <th scope="col">Score range</th>
            <th scope="col">Candidates</th>
          </tr>
        </thead>
        <tbody>
          {result.histogram.map((bucket) => (
            <tr key={bucket.from}>
              <th scope="row">{bucketLabel(bucket)}</th>
              <td>{bucket.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Per category: who sat, the qualifying places and cut-off, the qualified and medals, the highest and median scores; then each category's histogram. */
export function ResultsSummary({ summary }: { summary: LevelResultsSummary }) {
  return (
    <div className="flex flex-col gap-4">
      <DataTable
        caption={`${summary.level} results by category`}
        columns={['Category', 'Sat', 'Absent', 'Qualifying places', 'Cut-off', 'Qualified', 'Medals', 'Highest', 'Median']}
        loading={false}
        loadingText=""
        isEmpty={summary.categories.length === 0}
        emptyText="No category has results"
      >
        {summary.categories.map((result) => (
          <tr key={result.category} className="border-t border-slate-200">
            <th scope="row" className="px-3 py-2 text-left font-semibold">
              {result.category}
            </th>
            <td className="px-3 py-2 text-right tabular-nums">{result.sat}</td>
            <td className="px-3 py-2 text-right tabular-nums">{result.absent}</td>
            <td className="px-3 py-2 text-right tabular-nums">{result.qualifyingPlaces}</td>
            <td className="px-3 py-2 text-right tabular-nums">{scoreText(result.cutOff)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{result.qualified}</td>
            <td className="px-3 py-2">{medalsText(result.medals)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{scoreText(result.highest)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{scoreText(result.median)}</td>
          </tr>
        ))}
      </DataTable>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {summary.categories.map((result) => (
          <CategoryHistogram key={result.category} result={result} maxMarks={summary.maxMarks} />
        ))}
      </div>
    </div>
  );
}
