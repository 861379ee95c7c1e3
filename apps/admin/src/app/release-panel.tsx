import { useState } from 'react';
import Loader2 from 'lucide-react/icons/loader-2';
import { HttpError, errorMessage } from '@kbe/api-client';
import { ADMIN_MESSAGES, type AdminCandidateListItem, type ReleasedFilter } from '@kbe/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Progress, toast } from '@kbe/ui';

import { useAdminApi } from './admin-api';
import { useAdminUser } from './admin-guard';
import { DataTable, FilterSelect, Pager, SearchField } from './list-controls';
import { CERTIFICATE_RELEASE, HALL_TICKET_RELEASE, type ReleaseKindConfig } from './release-kind.config';
import { useBulkRelease } from './use-bulk-release.hook';
import { usePagedList } from './use-paged-list.hook';

const RELEASED_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'released', label: 'Released' },
  { value: 'not-released', label: 'Not released' },
] as const satisfies readonly { value: ReleasedFilter; label: string }[];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Opens a PDF the app holds in a tab it opened while the click was still "trusted". */
function showPdf(target: Window | null, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  if (target) target.location.href = url;
  else window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Hall Ticket Management (spec sections 2, 4, 5, 8) on the Dashboard tab. */
export function HallTicketPanel() {
  return <ReleasePanel config={HALL_TICKET_RELEASE} />;
}

/** Certificate Management: every candidate (no fee rule), otherwise like the hall tickets. */
export function CertificatePanel() {
  return <ReleasePanel config={CERTIFICATE_RELEASE} />;
}

/**
 * One release kind's management card: candidates listed with search and released filter on the
 * server, release or print per row, and one bulk release job with live progress.
 */
export function ReleasePanel({ config }: { config: ReleaseKindConfig }) {
  const api = useAdminApi();
  const user = useAdminUser();
  const canWrite = user.role === 'admin';
  const [search, setSearch] = useState('');
  const [released, setReleased] = useState<ReleasedFilter>('all');
  const [busy, setBusy] = useState<string | null>(null);
  const { kind, noun, nounPlural, messages } = config;

  const list = usePagedList({
    query: { search, released },
    failureMessage: 'Failed to load candidates',
    fetchPage: async (q, signal) => {
      const answer = await api.candidates({ ...config.listQuery(q.released), search: q.search || undefined, page: q.page, limit: 10 }, signal);
      return { items: answer.candidates, pagination: answer.pagination };
    },
    onError: (message) =>
      toast({ title: messages.listError, description: `${message}. Please check whether the server is running.`, variant: 'destructive' }),
  });
  const bulk = useBulkRelease(api, config, list.reload);

  async function release(candidate: AdminCandidateListItem) {
    if (config.requiresFees && !candidate.feesPaid) {
      toast({ title: ADMIN_MESSAGES.paymentRequiredTitle, description: ADMIN_MESSAGES.paymentRequired, variant: 'destructive' });
      return;
    }
    const printTab = window.open('', '_blank');
    setBusy(candidate.candidateId);
    try {
      await api.releaseDocument(kind, candidate.candidateId);
    } catch (error) {
      printTab?.close();
      setBusy(null);
      if (error instanceof HttpError && error.status === 401) {
        toast({ title: 'Authentication Error', description: messages.authError, variant: 'destructive' });
      } else if (error instanceof HttpError && error.message === ADMIN_MESSAGES.paymentRequired) {
        toast({ title: ADMIN_MESSAGES.paymentRequiredTitle, description: ADMIN_MESSAGES.paymentRequired, variant: 'destructive' });
      } else if (error instanceof HttpError && error.message === ADMIN_MESSAGES.seatRequired) {
        toast({ title: ADMIN_MESSAGES.seatRequiredTitle, description: ADMIN_MESSAGES.seatRequired, variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: messages.releaseFailed, variant: 'destructive' });
      }
      return;
    }
    list.reload();
    try {
      showPdf(printTab, await api.documentPdf(kind, candidate.candidateId));
      toast({ title: messages.releasedTitle, description: `The ${noun} of ${candidate.name} was released and opened for printing.` });
    } catch (error) {
      printTab?.close();
      const reason = errorMessage(error);
      toast({ title: messages.releasedTitle, description: `The ${noun} of ${candidate.name} was released, but the PDF could not be opened (${reason}). Use Print to try again.` });
    } finally {
      setBusy(null);
    }
  }

  async function print(candidate: AdminCandidateListItem) {
    const printTab = window.open('', '_blank');
    setBusy(candidate.candidateId);
    try {
      showPdf(printTab, await api.documentPdf(kind, candidate.candidateId));
    } catch (error) {
      printTab?.close();
      toast({ title: 'Error', description: error instanceof Error ? error.message : messages.releaseFailed, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const job = bulk.job;
  const progressLabelId = `${config.idPrefix}-bulk-progress-label`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{config.title}</CardTitle>
        <CardDescription>{config.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchField id={`${config.idPrefix}-search`} label="Search by name, candidate ID or contact" value={search} onChange={setSearch} />
          <FilterSelect id={`${config.idPrefix}-released`} label={config.columnLabel} value={released} options={RELEASED_OPTIONS} onChange={setReleased} />
          <Button
            disabled={!canWrite || bulk.running}
            title={canWrite ? undefined : `Viewers cannot release ${nounPlural}`}
            onClick={() => void bulk.start({ search: search.trim() || undefined })}
          >
            {bulk.running ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
            {bulk.running ? 'Releasing...' : 'Bulk Release'}
          </Button>
        </div>
        {job && (bulk.running || job.status !== 'completed') ? (
          <div className="flex flex-col gap-1" data-testid={`${config.testIdPrefix}-progress`}>
            <p id={progressLabelId} className="text-sm text-slate-800">
              Releasing {nounPlural}: {job.processed} of {job.total} ({job.percent}%)
            </p>
            <Progress value={job.percent} aria-labelledby={progressLabelId} />
          </div>
        ) : null}
        {job && !bulk.running && job.status === 'completed' ? (
          <p role="status" className="text-sm text-slate-800" data-testid={`${config.testIdPrefix}-result`}>
            Last bulk release: {job.released} released, {job.skipped.count} skipped, {job.failed.count} failed.
          </p>
        ) : null}
        <DataTable
          caption={config.tableCaption}
          columns={['Candidate ID', 'Name', 'Category', ...config.detailColumns.map((c) => c.header), config.columnLabel, 'Actions']}
          loading={list.loading}
          loadingText="Loading candidates..."
          isEmpty={list.items.length === 0}
          emptyText={
            <div className="text-left sm:text-center">
              <p className="font-semibold">{config.emptyTitle}</p>
              <p className="mt-1">This can happen when:</p>
              <ul className="mt-1 list-inside list-disc">
                {config.emptyReasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </div>
          }
        >
          {list.items.map((candidate) => {
            const loading = busy === candidate.candidateId;
            const isReleased = config.isReleased(candidate);
            const blocked = config.requiresFees && !candidate.feesPaid;
            return (
              <tr key={candidate.candidateId} className="border-t border-slate-200">
                <td className="px-3 py-2 font-mono">{candidate.candidateId}</td>
                <td className="px-3 py-2">{candidate.name}</td>
                <td className="px-3 py-2">{candidate.category}</td>
                {config.detailColumns.map((column) => (
                  <td key={column.header} className="px-3 py-2">
                    {column.text(candidate)}
                  </td>
                ))}
                <td className="px-3 py-2">
                  <Badge variant={isReleased ? 'default' : 'outline'}>{isReleased ? 'Released' : 'Not released'}</Badge>
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      disabled={!canWrite || blocked || isReleased || loading}
                      aria-label={isReleased ? `${capitalised(noun)} of ${candidate.name} ${config.releasedLabel.toLowerCase()}` : `Release ${noun} of ${candidate.name}`}
                      onClick={() => void release(candidate)}
                    >
                      {loading ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
                      {isReleased ? config.releasedLabel : 'Release'}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!isReleased || loading}
                      aria-label={`Print ${noun} of ${candidate.name}`}
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
        <Pager label={capitalised(nounPlural)} pagination={list.pagination} page={list.page} onPage={list.setPage} />
      </CardContent>
    </Card>
  );
}
