import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { countOf, type AdminDashboardData } from '@kbe/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@kbe/ui';

/**
 * Registrations per day and by category (recharts, loaded lazily with this module). Each chart
 * has a text summary for screen readers; the SVG itself is hidden from them (and, with
 * accessibilityLayer off, holds nothing focusable).
 */
export default function DashboardCharts({ data }: { data: AdminDashboardData }) {
  const perDay = data.registrationsPerDay.map((day) => ({ ...day, label: day.date.slice(5) }));
  const lastWeek = data.registrationsPerDay.slice(-7).reduce((sum, day) => sum + day.count, 0);
  const byCategory = data.byCategory.map((entry) => `${entry.key}: ${entry.count}`).join(', ') || 'no candidates yet';
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h2">Registrations per day</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="sr-only" data-testid="chart-per-day-summary">
            Last 30 days; {countOf(lastWeek, 'registration')} in the last 7 days.
          </p>
          <div className="h-64 w-full" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart accessibilityLayer={false} data={perDay} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#334155' }} interval="preserveStartEnd" />
                <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#334155' }} />
                <Tooltip />
                <Line type="monotone" dataKey="count" name="Registrations" stroke="#4338ca" strokeWidth={2} dot={false} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h2">Candidates by category</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="sr-only" data-testid="chart-category-summary">
            {byCategory}
          </p>
          <div className="h-64 w-full" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart accessibilityLayer={false} data={data.byCategory} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis dataKey="key" tick={{ fontSize: 12, fill: '#334155' }} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#334155' }} />
                <Tooltip />
                <Bar dataKey="count" name="Candidates" fill="#4338ca" />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
