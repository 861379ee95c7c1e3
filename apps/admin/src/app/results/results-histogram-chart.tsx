import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ScoreBucket } from '@kbe/contracts';

import { bucketLabel } from './results-format';

/**
 * One category's scores in ten ranges (recharts, loaded lazily with this module). Drawn for the
 * eye only: the caller puts the same counts in a table for screen readers, and with
 * accessibilityLayer off the SVG holds nothing focusable.
 */
export default function ResultsHistogramChart({ histogram }: { histogram: ScoreBucket[] }) {
  const bars = histogram.map((bucket) => ({ label: bucketLabel(bucket), count: bucket.count }));
  return (
    <div className="h-48 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={bars} margin={{ top: 8, right: 8, left: -24, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11, fill: '#334155' }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#334155' }} />
          <Tooltip />
          <Bar dataKey="count" name="Candidates" fill="#4338ca" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
