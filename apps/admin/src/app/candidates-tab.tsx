import { useState, type FormEvent } from 'react';
import Eye from 'lucide-react/icons/eye';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import IndianRupee from 'lucide-react/icons/indian-rupee';
import MapPin from 'lucide-react/icons/map-pin';
import {
  CONSENT_STATUS_LABELS,
  EXAM_LEVELS,
  formatExamTime,
  type AdminCandidateDetail,
  type AdminCandidateListItem,
  type CandidateFeesFilter,
  type ConsentStatus,
  type ExamLevel,
} from '@kbe/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FieldError, Input, Label, toast } from '@kbe/ui';
import { errorMessage } from '@kbe/api-client';

import { useAdminApi } from './admin-api';
import { useAdminUser } from './admin-guard';
import { CandidateForm } from './candidate-form';
import { ExamAssignmentDialog, ExamAssignmentImport } from './exam-assignment';
import { saveBlob } from '@kbe/api-client';
import { DataTable, FilterSelect, Pager, SearchField } from './list-controls';
import { usePagedList } from './use-paged-list.hook';

const FEES_OPTIONS = [
  { value: 'all', label: 'All candidates' },
  { value: 'paid', label: 'Paid' },
  { value: 'unpaid', label: 'Unpaid' },
] as const satisfies readonly { value: CandidateFeesFilter; label: string }[];

type ConsentFilter = ConsentStatus | 'all';
const CONSENT_OPTIONS = [
  { value: 'all', label: 'All candidates' },
  { value: 'pending', label: 'Consent pending' },
  { value: 'given', label: 'Consent given' },
  { value: 'withdrawn', label: 'Consent withdrawn' },
] as const satisfies readonly { value: ConsentFilter; label: string }[];

type LevelFilter = ExamLevel | 'all';
/** The level a candidate sits now: Mains until a published result moves the qualified on. */
const LEVEL_OPTIONS: readonly { value: LevelFilter; label: string }[] = [{ value: 'all', label: 'All levels' }, ...EXAM_LEVELS.map((level) => ({ value: level, label: level }))];

const CONSENT_BADGES: Record<ConsentStatus, 'success' | 'secondary' | 'destructive'> = { given: 'success', pending: 'secondary', withdrawn: 'destructive' };

type Dialogs =
  | { kind: 'none' }
  | { kind: 'view'; candidate: AdminCandidateDetail }
  | { kind: 'edit'; candidate: AdminCandidateDetail }
  | { kind: 'add' }
  | { kind: 'fees'; candidate: AdminCandidateListItem }
  | { kind: 'exam'; candidate: AdminCandidateListItem }
  | { kind: 'delete'; candidate: AdminCandidateListItem };

/** Candidates tab (spec section 2): server-side search, fee filter and paging, working row actions. */
export function CandidatesTab() {
  const api = useAdminApi();
  const canWrite = useAdminUser().role === 'admin';
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<CandidateFeesFilter>('all');
  const [consent, setConsent] = useState<ConsentFilter>('all');
  const [level, setLevel] = useState<LevelFilter>('all');
  const [deleted, setDeleted] = useState(false);
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'none' });
  const list = usePagedList({
    query: { search, filter, consent, level, deleted },
    failureMessage: 'Failed to load candidates',
    fetchPage: async (q, signal) => {
      const answer = await api.candidates(
        {
          filter: q.filter,
          consent: q.consent === 'all' ? undefined : q.consent,
          level: q.level === 'all' ? undefined : q.level,
          search: q.search.trim() || undefined,
          deleted: q.deleted ? 'true' : undefined,
          page: q.page,
          limit: 20,
        },
        signal,
      );
      return { items: answer.candidates, pagination: answer.pagination };
    },
  });
  const close = () => setDialog({ kind: 'none' });
  /** After a dialog's change is saved: say so, close the dialog, show the list as it is now. */
  const saved = (title: string, description: string) => {
    toast({ title, description });
    close();
    list.reload();
  };

  async function open(kind: 'view' | 'edit', candidate: AdminCandidateListItem) {
    try {
      setDialog({ kind, candidate: await api.candidate(candidate.candidateId) });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  }

  async function restore(candidate: AdminCandidateListItem) {
    try {
      await api.restoreCandidate(candidate.candidateId);
      toast({ title: 'Candidate Restored', description: `${candidate.name} is back in the lists.` });
      list.reload();
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  }

  async function exportCsv() {
    try {
      saveBlob(await api.exportCsv('candidates', { filter, search: search.trim() || undefined }), 'candidates.csv');
    } catch (error) {
      toast({ title: 'Export Failed', description: errorMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle as="h2">Candidates</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void exportCsv()}>
            Export CSV
          </Button>
          <ExamAssignmentImport disabled={!canWrite} onImported={list.reload} />
          <Button disabled={!canWrite} onClick={() => setDialog({ kind: 'add' })}>
            Add Candidate
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchField id="candidate-search" label="Search by name, candidate ID or phone" value={search} onChange={setSearch} />
          <FilterSelect id="candidate-fees-filter" label="Fees" value={filter} options={FEES_OPTIONS} onChange={setFilter} />
          <FilterSelect id="candidate-consent-filter" label="Parental consent" value={consent} options={CONSENT_OPTIONS} onChange={setConsent} />
          <FilterSelect id="candidate-level-filter" label="Level" value={level} options={LEVEL_OPTIONS} onChange={setLevel} />
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" checked={deleted} onChange={(e) => setDeleted(e.target.checked)} />
            Show deleted candidates
          </label>
        </div>
        <DataTable
          caption="Candidates"
          columns={['Candidate ID', 'Name', 'Category', 'Center', 'Contact', 'Status', 'Consent', 'Actions']}
          loading={list.loading}
          loadingText="Loading candidates..."
          isEmpty={list.items.length === 0}
          emptyText="No candidates found"
        >
          {list.items.map((candidate) => (
            <tr key={candidate.candidateId} className="border-t border-slate-200">
              <td className="px-3 py-2 font-mono">{candidate.candidateId}</td>
              <td className="px-3 py-2">{candidate.name}</td>
              <td className="px-3 py-2">{candidate.category}</td>
              <td className="px-3 py-2">{candidate.center}</td>
              <td className="px-3 py-2">{candidate.contact}</td>
              <td className="px-3 py-2">
                <Badge variant={candidate.feesPaid ? 'success' : 'secondary'}>{candidate.feesPaid ? 'Paid' : 'Unpaid'}</Badge>
              </td>
              <td className="px-3 py-2">
                <Badge variant={CONSENT_BADGES[candidate.consentStatus]}>{CONSENT_STATUS_LABELS[candidate.consentStatus]}</Badge>
              </td>
              <td className="px-3 py-2">
                {candidate.deletedAt ? (
                  <Button size="sm" variant="outline" disabled={!canWrite} onClick={() => void restore(candidate)}>
                    Restore<span className="sr-only"> {candidate.name}</span>
                  </Button>
                ) : (
                <div className="flex gap-1">
                  <Button size="icon" variant="ghost" aria-label={`View ${candidate.name}`} onClick={() => void open('view', candidate)}>
                    <Eye aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  <Button size="icon" variant="ghost" disabled={!canWrite} aria-label={`Edit ${candidate.name}`} onClick={() => void open('edit', candidate)}>
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  <Button size="icon" variant="ghost" disabled={!canWrite} aria-label={`Fees of ${candidate.name}`} onClick={() => setDialog({ kind: 'fees', candidate })}>
                    <IndianRupee aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  <Button size="icon" variant="ghost" disabled={!canWrite} aria-label={`Exam details of ${candidate.name}`} onClick={() => setDialog({ kind: 'exam', candidate })}>
                    <MapPin aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  <Button size="icon" variant="ghost" disabled={!canWrite} aria-label={`Delete ${candidate.name}`} onClick={() => setDialog({ kind: 'delete', candidate })}>
                    <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
                  </Button>
                </div>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
        <Pager label="Candidates" pagination={list.pagination} page={list.page} onPage={list.setPage} />
      </CardContent>

      <Dialog open={dialog.kind !== 'none'} onOpenChange={(isOpen) => (isOpen ? undefined : close())}>
        {dialog.kind === 'view' ? <CandidateView candidate={dialog.candidate} /> : null}
        {dialog.kind === 'edit' || dialog.kind === 'add' ? (
          <DialogContent className="max-w-3xl">
            <DialogHeader>
              <DialogTitle>{dialog.kind === 'edit' ? `Edit ${dialog.candidate.name}` : 'Add Candidate'}</DialogTitle>
              <DialogDescription>The same rules as the registration form apply.</DialogDescription>
            </DialogHeader>
            <CandidateForm
              formId={dialog.kind === 'edit' ? 'edit-candidate' : 'add-candidate'}
              label={dialog.kind === 'edit' ? 'Edit candidate' : 'Add candidate'}
              initial={dialog.kind === 'edit' ? dialog.candidate : undefined}
              submitLabel={dialog.kind === 'edit' ? 'Save Changes' : 'Add Candidate'}
              withFiles={dialog.kind === 'add'}
              onSubmit={async (candidate, files) => {
                if (dialog.kind === 'edit') {
                  await api.updateCandidate(dialog.candidate.candidateId, candidate);
                  saved('Candidate Updated', `${candidate.personalDetails.fullName} was saved.`);
                } else if (files) {
                  const added = await api.addCandidate(candidate, files);
                  saved('Candidate Added', `${added.name} was added as ${added.candidateId}.`);
                }
              }}
            />
          </DialogContent>
        ) : null}
        {dialog.kind === 'fees' ? (
          <FeesDialog
            candidate={dialog.candidate}
            onSave={async (feesPaid, receiptNumber) => {
              await api.setFees(dialog.candidate.candidateId, feesPaid, receiptNumber);
              saved('Fees Updated', `${dialog.candidate.name} is now marked ${feesPaid ? 'Paid' : 'Unpaid'}.`);
            }}
          />
        ) : null}
        {dialog.kind === 'exam' ? (
          <ExamAssignmentDialog
            candidate={dialog.candidate}
            onSave={async (input) => {
              await api.setExamAssignment(dialog.candidate.candidateId, input);
              saved('Exam Details Saved', `Seat, centre and exam time of ${dialog.candidate.name} were saved.`);
            }}
          />
        ) : null}
        {dialog.kind === 'delete' ? (
          <ConfirmDelete
            candidate={dialog.candidate}
            onCancel={close}
            onConfirm={async () => {
              await api.deleteCandidate(dialog.candidate.candidateId);
              saved('Candidate Deleted', `${dialog.candidate.name} was removed from the lists (it can be restored).`);
            }}
          />
        ) : null}
      </Dialog>
    </Card>
  );
}

function CandidateView({ candidate }: { candidate: AdminCandidateDetail }) {
  const rows: [string, string][] = [
    ['Candidate ID', candidate.candidateId],
    ['Name', candidate.name],
    ["Father's name", candidate.personalDetails.fatherName],
    ["Mother's name", candidate.personalDetails.motherName],
    ['Gender', candidate.personalDetails.gender],
    ['Date of birth', candidate.personalDetails.dateOfBirth],
    ['Phone', candidate.contactDetails.phoneNumber],
    ['Email', candidate.contactDetails.email ?? '—'],
    ['Parent/guardian', candidate.guardianDetails ? `${candidate.guardianDetails.name} (${candidate.guardianDetails.relation})` : 'Not named'],
    ['Parent/guardian mobile', candidate.guardianDetails?.phoneNumber || `${candidate.contactDetails.phoneNumber} (the phone number)`],
    ['Mentor code', candidate.mentorCode],
    ['School', candidate.educationalDetails.schoolName],
    ['Standard', candidate.educationalDetails.standard],
    ['Category', candidate.category],
    ['District', candidate.permanentAddress.district],
    ['Fees', candidate.feesPaid ? `Paid${candidate.receiptNumber ? ` (receipt ${candidate.receiptNumber})` : ''}` : 'Unpaid'],
    ['Center', candidate.center],
    ['Seat number', candidate.seatNumber],
    ['Exam time', formatExamTime(candidate.examTime)],
    ['Hall ticket', candidate.hallTicketReleased ? 'Released' : 'Not released'],
    ['Certificate', candidate.certificateReleased ? 'Released' : 'Not released'],
    ['Parental consent', CONSENT_STATUS_LABELS[candidate.consentStatus]],
  ];
  return (
    <DialogContent className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>{candidate.name}</DialogTitle>
        <DialogDescription>Registration details of {candidate.candidateId}</DialogDescription>
      </DialogHeader>
      <div className="flex gap-4">
        {candidate.photo ? <img src={candidate.photo} alt={`${candidate.name}, as registered`} className="h-32 w-28 rounded border object-cover" /> : null}
        {candidate.signature ? <img src={candidate.signature} alt={`Signature of ${candidate.name}`} className="h-16 w-40 self-end rounded border object-contain" /> : null}
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="font-semibold">{label}:</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </DialogContent>
  );
}

function FeesDialog({ candidate, onSave }: { candidate: AdminCandidateListItem; onSave: (feesPaid: boolean, receiptNumber?: string) => Promise<void> }) {
  const [receipt, setReceipt] = useState(candidate.receiptNumber ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(feesPaid: boolean, event?: FormEvent) {
    event?.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await onSave(feesPaid, feesPaid ? receipt.trim() || undefined : undefined);
    } catch (caught) {
      setError(errorMessage(caught));
      setSaving(false);
    }
  }

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Fees of {candidate.name}</DialogTitle>
        <DialogDescription>
          {candidate.candidateId} is currently {candidate.feesPaid ? 'Paid' : 'Unpaid'}.
        </DialogDescription>
      </DialogHeader>
      <form aria-label="Fees" className="flex flex-col gap-3" onSubmit={(e) => void save(true, e)}>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="fees-receipt">Receipt number</Label>
          <Input id="fees-receipt" value={receipt} maxLength={50} onChange={(e) => setReceipt(e.target.value)} className="min-h-11" />
        </div>
        <FieldError message={error} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saving}>
            Mark as Paid
          </Button>
          {candidate.feesPaid ? (
            <Button variant="outline" disabled={saving} onClick={() => void save(false)}>
              Mark as Unpaid
            </Button>
          ) : null}
        </div>
      </form>
    </DialogContent>
  );
}

function ConfirmDelete({ candidate, onCancel, onConfirm }: { candidate: AdminCandidateListItem; onCancel: () => void; onConfirm: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  return (
    <DialogContent role="alertdialog">
      <DialogHeader>
        <DialogTitle>Delete {candidate.name}?</DialogTitle>
        <DialogDescription>
          {candidate.candidateId} disappears from every list and export. An administrator can restore it later.
        </DialogDescription>
      </DialogHeader>
      <FieldError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="destructive"
          disabled={deleting}
          onClick={() => {
            setDeleting(true);
            onConfirm().catch((caught: unknown) => {
              setError(errorMessage(caught));
              setDeleting(false);
            });
          }}
        >
          Delete
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </DialogContent>
  );
}
