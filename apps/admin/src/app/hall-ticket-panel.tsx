import { useState } from 'react';
import Loader2 from 'lucide-react/icons/loader-2';
import { HttpError } from '@kbe/api-client';
import { ADMIN_MESSAGES, type AdminCandidateListItem, type ReleasedFilter } from '@kbe/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Progress, toast } from '@kbe/ui';

import { useAdminApi } from './admin-api';
import { useAdminUser } from './admin-guard';
import { DataTable, FilterSelect, Pager, SearchField } from './list-controls';
import { useBulkRelease } from './use-bulk-release.hook';
import { usePagedList } from './use-paged-list.hook';

const RELEASED_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'released', label: 'Released' },
  { value: 'not-released', label: 'Not released' },
] as const satisfies readonly { value: ReleasedFilter; label: string }[];

/** Opens a PDF the app holds in a tab it opened while the click was still "trusted". */
function showPdf(target: Window | null, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  if (target) target.location.href = url;
  else window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Hall Ticket Management (spec sections 2, 4, 5, 8): paid candidates only, search and released
 * filter on the server, release or print per row, and one bulk release job with live progress.
 */
export function HallTicketPanel() {
  const api = useAdminApi();
  const user = useAdminUser();
  const canWrite = user.role === 'admin';
  const [search, setSearch] = useState('');
  const [released, setReleased] = useState<ReleasedFilter>('all');
  const [busy, setBusy] = useState<string | null>(null);

  const list = usePagedList({
    query: { search, released },
    failureMessage: 'Failed to load candidates',
    fetchPage: async (q, signal) => {
      const answer = await api.candidates({ filter: 'paid', released: q.released, search: q.search || undefined, page: q.page, limit: 10 }, signal);
      return { items: answer.candidates, pagination: answer.pagination };
    },
    onError: (message) =>
      toast({ title: 'Hall Ticket Manager Error', description: `${message}. Please check whether the server is running.`, variant: 'destructive' }),
  });
  const bulk = useBulkRelease(api, list.reload);

  async function release(candidate: AdminCandidateListItem) {
    if (!candidate.feesPaid) {
      toast({ title: ADMIN_MESSAGES.paymentRequiredTitle, description: ADMIN_MESSAGES.paymentRequired, variant: 'destructive' });
      return;
    }
    const printTab = window.open('', '_blank');
    setBusy(candidate.candidateId);
    try {
      await api.releaseHallTicket(candidate.candidateId);
    } catch (error) {
      printTab?.close();
      setBusy(null);
      if (error instanceof HttpError && error.status === 401) {
        toast({ title: 'Authentication Error', description: 'Please login again to update hall ticket status.', variant: 'destructive' });
      } else if (error instanceof HttpError && error.message === ADMIN_MESSAGES.paymentRequired) {
        toast({ title: ADMIN_MESSAGES.paymentRequiredTitle, description: ADMIN_MESSAGES.paymentRequired, variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: 'Failed to generate hall ticket. Please try again.', variant: 'destructive' });
      }
      return;
    }
    list.reload();
    try {
      showPdf(printTab, await api.hallTicketPdf(candidate.candidateId));
      toast({ title: 'Hall Ticket Generated', description: `The hall ticket of ${candidate.name} was released and opened for printing.` });
    } catch (error) {
      printTab?.close();
      const reason = error instanceof Error ? error.message : String(error);
      toast({ title: 'Hall Ticket Generated', description: `The hall ticket of ${candidate.name} was released, but the PDF could not be opened (${reason}). Use Print to try again.` });
    } finally {
      setBusy(null);
    }
  }

  async function print(candidate: AdminCandidateListItem) {
    const printTab = window.open('', '_blank');
    setBusy(candidate.candidateId);
    try {
      showPdf(printTab, await api.hallTicketPdf(candidate.candidateId));
    } catch (error) {
      printTab?.close();
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Failed to generate hall ticket. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const job = bulk.job;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Hall Ticket Management</CardTitle>
        <CardDescription>Candidates whose fees are paid. Release a hall ticket to let the candidate download it.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchField id="hall-ticket-search" label="Search by name, candidate ID or contact" value={search} onChange={setSearch} />
          <FilterSelect id="hall-ticket-released" label="Hall ticket" value={released} options={RELEASED_OPTIONS} onChange={setReleased} />
          <Button
            disabled={!canWrite || bulk.running}
            title={canWrite ? undefined : 'Viewers cannot release hall tickets'}
            onClick={() => void bulk.start({ search: search.trim() || undefined })}
          >
            {bulk.running ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
            {bulk.running ? 'Releasing...' : 'Bulk Release'}
          </Button>
        </div>
        {job && (bulk.running || job.status !== 'completed') ? (
          <div className="flex flex-col gap-1" data-testid="bulk-release-progress">
            <p id="bulk-progress-label" className="text-sm text-slate-800">
              Releasing hall tickets: {job.processed} of {job.total} ({job.percent}%)
            </p>
            <Progress value={job.percent} aria-labelledby="bulk-progress-label" />
          </div>
        ) : null}
        {job && !bulk.running && job.status === 'completed' ? (
          <p role="status" className="text-sm text-slate-800" data-testid="bulk-release-result">
            Last bulk release: {job.released} released, {job.skipped.count} skipped, {job.failed.count} failed.
          </p>
        ) : null}
        <DataTable
          caption="Paid candidates and their hall tickets"
          columns={['Candidate ID', 'Name', 'Category', 'Seat Number', 'Exam Time', 'Hall Ticket', 'Actions']}
          loading={list.loading}
          loadingText="Loading candidates..."
          isEmpty={list.items.length === 0}
          emptyText={
            <div className="text-left sm:text-center">
              <p className="font-semibold">No candidates found for hall ticket generation</p>
              <p className="mt-1">This can happen when:</p>
              <ul className="mt-1 list-inside list-disc">
                <li>no candidates have registered yet</li>
                <li>no candidate has paid the fees yet</li>
                <li>the server could not be reached</li>
              </ul>
            </div>
          }
        >
          {list.items.map((candidate) => {
            const loading = busy === candidate.candidateId;
            return (
              <tr key={candidate.candidateId} className="border-t border-slate-200">
                <td className="px-3 py-2 font-mono">{candidate.candidateId}</td>
                <td className="px-3 py-2">{candidate.name}</td>
                <td className="px-3 py-2">{candidate.category}</td>
                <td className="px-3 py-2">{candidate.seatNumber}</td>
                <td className="px-3 py-2">{candidate.examTime}</td>
                <td className="px-3 py-2">
                  <Badge variant={candidate.hallTicketReleased ? 'default' : 'outline'}>{candidate.hallTicketReleased ? 'Released' : 'Not released'}</Badge>
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      disabled={!canWrite || !candidate.feesPaid || candidate.hallTicketReleased || loading}
                      aria-label={candidate.hallTicketReleased ? `Hall ticket of ${candidate.name} downloaded` : `Release hall ticket of ${candidate.name}`}
                      onClick={() => void release(candidate)}
                    >
                      {loading ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
                      {candidate.hallTicketReleased ? 'Downloaded' : 'Release'}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!candidate.hallTicketReleased || loading}
                      aria-label={`Print hall ticket of ${candidate.name}`}
                      onClick={() => void print(candidate)}
                    >
                      Print
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
        <Pager label="Hall tickets" pagination={list.pagination} page={list.page} onPage={list.setPage} />
      </CardContent>
    </Card>
  );
}
