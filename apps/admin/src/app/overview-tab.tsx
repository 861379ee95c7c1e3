import { lazy, Suspense, useEffect, useState } from 'react';
import type { AdminDashboardData, DashboardStats } from '@kbe/contracts';
import { Alert, AlertDescription, AlertTitle, Button, Card, CardContent, CardHeader, CardTitle } from '@kbe/ui';

import { useAdminApi } from './admin-api';
import type { DashboardTab } from './dashboard-page';
import { HallTicketPanel } from './release-panel';

/** The chart library loads only when the Dashboard tab shows its charts (never on public pages). */
const DashboardCharts = lazy(() => import('./dashboard-charts'));

const ZERO_STATS: DashboardStats = { totalCandidates: 0, activeCandidates: 0, totalMentors: 0, totalSchools: 0 };

const STAT_CARDS: { key: keyof DashboardStats; label: string; note: string }[] = [
  { key: 'totalCandidates', label: 'Total Candidates', note: 'Registered candidates' },
  { key: 'activeCandidates', label: 'Active Candidates', note: 'Fees paid' },
  { key: 'totalMentors', label: 'Total Mentors', note: 'Registered mentors' },
  { key: 'totalSchools', label: 'Total Schools', note: 'Registered schools' },
];

/** Dashboard tab (spec section 2): four stat cards, charts, Quick Actions, Hall Ticket Management. */
export function OverviewTab({ onOpenTab }: { onOpenTab: (tab: DashboardTab) => void }) {
  const api = useAdminApi();
  const [data, setData] = useState<AdminDashboardData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    api.dashboard().then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setLoading(false);
      },
      (caught: unknown) => {
        if (!live) return;
        // Spec section 8: an alert with the message; the stats fall back to zeros.
        setError(caught instanceof Error && caught.message ? caught.message : 'Failed to fetch dashboard data');
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [api]);

  const stats = data?.stats ?? ZERO_STATS;
  return (
    <div className="flex flex-col gap-6">
      {error ? (
        <Alert variant="destructive">
          <AlertTitle>Failed to fetch dashboard data</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          Statistics
        </h2>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STAT_CARDS.map((card) => (
            <li key={card.key}>
              <Card>
                <CardContent className="p-5">
                  <p className="text-sm font-semibold text-slate-700">{card.label}</p>
                  <p className="mt-1 text-3xl font-bold text-slate-900" data-testid={`stat-${card.key}`} aria-busy={loading}>
                    {loading ? '…' : stats[card.key].toLocaleString('en-IN')}
                  </p>
                  <p className="text-xs text-slate-600">{card.note}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      {data ? (
        <Suspense fallback={<p role="status" className="text-slate-700">Loading charts...</p>}>
          <DashboardCharts data={data} />
        </Suspense>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Quick Actions</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button onClick={() => onOpenTab('candidates')}>Manage Candidates</Button>
          <Button variant="outline" onClick={() => onOpenTab('mentors')}>
            Manage Mentors
          </Button>
          <Button variant="outline" onClick={() => onOpenTab('certificates')}>
            Release Certificates
          </Button>
          <Button variant="outline" onClick={() => onOpenTab('sms')}>
            Send SMS
          </Button>
        </CardContent>
      </Card>
      <HallTicketPanel />
    </div>
  );
}
