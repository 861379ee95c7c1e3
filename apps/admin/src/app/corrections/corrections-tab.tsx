import { useState } from 'react';
import { CORRECTION_MESSAGES, type CorrectionView } from '@kbe/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, Dialog, toast } from '@kbe/ui';

import { useAdminApi } from '../admin-api';
import { useAdminUser } from '../admin-guard';
import { DataTable, FilterSelect, Pager } from '../list-controls';
import { dayOf } from '../privacy/privacy-format';
import { usePagedList } from '../use-paged-list.hook';
import { CorrectionDecisionDialog, type CorrectionDecision } from './correction-decision-dialog';
import { CORRECTION_STATUS_LABELS, requesterOf } from './corrections-format';

type StatusFilter = 'open' | 'closed' | 'all';
const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Decided (approved or rejected)' },
  { value: 'all', label: 'All' },
];
const PAGE_SIZE = 20;

/**
 * Corrections tab (issue 27): the corrections schools and mentors asked for, open ones first; a
 * request opens with its old and new values side by side; admins approve (the record changes,
 * a released hall ticket is re-issued, the guardian is sent an SMS) or reject with a reason.
 * Viewers read. A parent's own correction requests stay in the Privacy tab's data requests.
 */
export default function CorrectionsTab({ onOpenDataRequests }: { onOpenDataRequests?: () => void }) {
  const api = useAdminApi();
  const isAdmin = useAdminUser().role === 'admin';
  const [status, setStatus] = useState<StatusFilter>('open');
  const [openCount, setOpenCount] = useState<number | null>(null);
  const [reviewing, setReviewing] = useState<CorrectionView | null>(null);
  const list = usePagedList({
    query: { status },
    failureMessage: 'Failed to load the corrections',
    fetchPage: async (q, signal) => {
      const answer = await api.corrections({ status: q.status, page: q.page, limit: PAGE_SIZE }, signal);
      setOpenCount(answer.open);
      return { items: answer.items, pagination: { current: answer.page, pages: Math.ceil(answer.total / answer.limit), total: answer.total } };
    },
  });

  async function decide(correction: CorrectionView, decision: CorrectionDecision, reason: string) {
    const answer =
      decision === 'approve'
        ? await api.approveCorrection(correction.id, reason ? { reason } : {})
        : await api.rejectCorrection(correction.id, { reason });
    setReviewing(null);
    toast({ title: `Correction ${correction.id} ${decision === 'approve' ? 'approved' : 'rejected'}`, description: answer.message });
    list.reload();
  }

  const columns = ['Request', 'Candidate', 'Asked by', 'Fields', 'Requested', 'Status', 'Decision', 'Action'];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Corrections</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          {CORRECTION_MESSAGES.guardianRequests}{' '}
          {onOpenDataRequests ? (
            <Button variant="link" className="h-auto p-0" onClick={onOpenDataRequests}>
              Open Data requests
            </Button>
          ) : null}
        </p>
        <dl className="flex flex-wrap gap-4" aria-live="polite" data-testid="correction-counts">
          <div className="rounded-md border border-slate-200 bg-white px-4 py-2">
            <dt className="text-sm text-slate-700">Open</dt>
            <dd className="text-2xl font-bold">{openCount ?? '...'}</dd>
          </div>
        </dl>
        <FilterSelect id="correction-status" label="Show corrections" value={status} options={STATUS_FILTERS} onChange={setStatus} />
        <DataTable
          caption="Corrections"
          columns={columns}
          loading={list.loading}
          loadingText="Loading corrections..."
          isEmpty={list.items.length === 0}
          emptyText="No corrections found"
        >
          {list.items.map((correction) => (
            <tr key={correction.id} className="border-t border-slate-200 align-top">
              <td className="px-3 py-2 font-mono">{correction.id}</td>
              <td className="px-3 py-2">
                <span className="font-mono">{correction.candidateCode}</span>
                <span className="block">{correction.candidateName}</span>
              </td>
              <td className="px-3 py-2">{requesterOf(correction)}</td>
              <td className="px-3 py-2">{correction.changes.map((change) => change.label).join(', ')}</td>
              <td className="whitespace-nowrap px-3 py-2">{dayOf(correction.requestedAt)}</td>
              <td className="px-3 py-2">{CORRECTION_STATUS_LABELS[correction.status]}</td>
              <td className="max-w-xs whitespace-pre-wrap break-words px-3 py-2">
                {correction.status === 'open' ? '-' : `${correction.decidedBy ?? ''}${correction.reason ? `: ${correction.reason}` : ''}`}
              </td>
              <td className="px-3 py-2">
                <Button size="sm" variant="outline" aria-label={`${isAdmin && correction.status === 'open' ? 'Review' : 'View'} correction ${correction.id}`} onClick={() => setReviewing(correction)}>
                  {isAdmin && correction.status === 'open' ? 'Review' : 'View'}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
        <Pager label="Corrections" pagination={list.pagination} page={list.page} onPage={list.setPage} />
      </CardContent>
      <Dialog open={reviewing !== null} onOpenChange={(isOpen) => (isOpen ? undefined : setReviewing(null))}>
        {reviewing ? (
          <CorrectionDecisionDialog correction={reviewing} canDecide={isAdmin} onDecide={(decision, reason) => decide(reviewing, decision, reason)} />
        ) : null}
      </Dialog>
    </Card>
  );
}
