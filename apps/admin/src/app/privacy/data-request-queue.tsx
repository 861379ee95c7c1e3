import { useState } from 'react';
import {
  DATA_REQUEST_DUE_DAYS,
  DATA_REQUEST_KIND_LABELS,
  type DataRequestQueue as Queue,
  type DataRequestResolution,
  type DataRequestView,
} from '@kbe/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Dialog, toast } from '@kbe/ui';

import { useAdminApi } from '../admin-api';
import { useAdminUser } from '../admin-guard';
import { DataTable, FilterSelect, Pager } from '../list-controls';
import { usePagedList } from '../use-paged-list.hook';
import { dayAndTimeOf, dayOf, isOverdue, STATUS_LABELS } from './privacy-format';
import { ResolveRequestDialog } from './resolve-request-dialog';

type StatusFilter = 'open' | 'closed' | 'all';
const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed (done or refused)' },
  { value: 'all', label: 'All' },
];
const PAGE_SIZE = 20;

/** The guardians' data requests (issue 25): how many are open and overdue, the list, and (admins) the answer to each. */
export function DataRequestQueue() {
  const api = useAdminApi();
  const isAdmin = useAdminUser().role === 'admin';
  const [status, setStatus] = useState<StatusFilter>('open');
  const [counts, setCounts] = useState<Pick<Queue, 'open' | 'overdue'> | null>(null);
  const [resolving, setResolving] = useState<DataRequestView | null>(null);
  const list = usePagedList({
    query: { status },
    failureMessage: 'Failed to load the data requests',
    fetchPage: async (q, signal) => {
      const answer = await api.dataRequests({ status: q.status, page: q.page, limit: PAGE_SIZE }, signal);
      setCounts({ open: answer.open, overdue: answer.overdue });
      return { items: answer.items, pagination: { current: answer.page, pages: Math.ceil(answer.total / answer.limit), total: answer.total } };
    },
  });

  async function resolve(request: DataRequestView, resolution: DataRequestResolution) {
    await api.resolveDataRequest(request.id, resolution);
    setResolving(null);
    const erased = request.kind === 'erasure' && resolution.outcome === 'done';
    toast({
      title: `Request ${request.id} ${resolution.outcome === 'done' ? 'marked done' : 'refused'}`,
      description: erased ? `The data of candidate ${request.candidateCode} is erased.` : 'The guardian can see the answer.',
    });
    list.reload();
  }

  const columns = ['Request', 'Candidate', 'Kind', 'Requested', 'Due', 'Status', 'Handled', 'Resolution', ...(isAdmin ? ['Action'] : [])];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Data requests</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="flex flex-wrap gap-4" aria-live="polite" data-testid="data-request-counts">
          <div className="rounded-md border border-slate-200 bg-white px-4 py-2">
            <dt className="text-sm text-slate-700">Open</dt>
            <dd className="text-2xl font-bold">{counts ? counts.open : '...'}</dd>
          </div>
          <div className={`rounded-md border px-4 py-2 ${counts?.overdue ? 'border-red-700 bg-red-50' : 'border-slate-200 bg-white'}`}>
            <dt className="text-sm text-slate-700">Overdue (past the {DATA_REQUEST_DUE_DAYS}-day answer date)</dt>
            <dd className="text-2xl font-bold">{counts ? counts.overdue : '...'}</dd>
          </div>
        </dl>
        <FilterSelect id="data-request-status" label="Show requests" value={status} options={STATUS_FILTERS} onChange={setStatus} />
        <DataTable
          caption="Data requests"
          columns={columns}
          loading={list.loading}
          loadingText="Loading data requests..."
          isEmpty={list.items.length === 0}
          emptyText="No data requests found"
        >
          {list.items.map((request) => (
            <tr key={request.id} className="border-t border-slate-200 align-top">
              <td className="px-3 py-2 font-mono">{request.id}</td>
              <td className="px-3 py-2 font-mono">{request.candidateCode}</td>
              <td className="px-3 py-2">{DATA_REQUEST_KIND_LABELS[request.kind]}</td>
              <td className="whitespace-nowrap px-3 py-2">{dayOf(request.requestedAt)}</td>
              <td className="whitespace-nowrap px-3 py-2">
                {dayOf(request.dueAt)}
                {isOverdue(request) ? (
                  <Badge variant="destructive" className="ml-2">
                    Overdue
                  </Badge>
                ) : null}
              </td>
              <td className="px-3 py-2">{STATUS_LABELS[request.status]}</td>
              <td className="px-3 py-2">{request.handledBy ? `${request.handledBy}${request.handledAt ? `, ${dayAndTimeOf(request.handledAt)}` : ''}` : '-'}</td>
              <td className="max-w-xs whitespace-pre-wrap break-words px-3 py-2">{request.resolution ?? '-'}</td>
              {isAdmin ? (
                <td className="px-3 py-2">
                  {request.status === 'open' ? (
                    <Button size="sm" variant="outline" aria-label={`Resolve request ${request.id}`} onClick={() => setResolving(request)}>
                      Resolve
                    </Button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
        <Pager label="Data requests" pagination={list.pagination} page={list.page} onPage={list.setPage} />
      </CardContent>
      <Dialog open={resolving !== null} onOpenChange={(open) => (open ? undefined : setResolving(null))}>
        {resolving ? <ResolveRequestDialog request={resolving} onResolve={(resolution) => resolve(resolving, resolution)} /> : null}
      </Dialog>
    </Card>
  );
}
