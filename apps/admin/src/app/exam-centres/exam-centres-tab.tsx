import { useState } from 'react';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import Pencil from 'lucide-react/icons/pencil';
import Printer from 'lucide-react/icons/printer';
import Trash2 from 'lucide-react/icons/trash-2';
import { errorMessage } from '@kbe/api-client';
import { countOf, type CentreView } from '@kbe/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FieldError, toast } from '@kbe/ui';

import { useAdminApi } from '../admin-api';
import { useAdminUser } from '../admin-guard';
import { DataTable, Pager, SearchField } from '../list-controls';
import { usePagedList } from '../use-paged-list.hook';
import { AttendancePanel } from './attendance-panel';
import { CentreFormDialog } from './centre-form-dialog';
import { CentreImportPanel } from './centre-import-panel';
import { totalCapacity } from './exam-centres-format';
import { PrintedListsDialog } from './printed-lists-dialog';
import { SeatAllocationPanel } from './seat-allocation-panel';

const PAGE_SIZE = 20;

type CentreDialog = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; centre: CentreView } | { kind: 'delete'; centre: CentreView } | { kind: 'lists'; centre: CentreView };

/**
 * Exam centres tab (docs/exam-operations.md, docs/seat-allocation.md): the centres with their
 * rooms and sittings (search, add, edit, delete), each centre's printed lists and attendance, the
 * CSV import, and the seat allocation of a level with its report. Viewers read and print; every
 * write is the admin's.
 */
export default function ExamCentresTab() {
  const api = useAdminApi();
  const canWrite = useAdminUser().role === 'admin';
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<CentreDialog>({ kind: 'none' });
  const [busy, setBusy] = useState<string | null>(null);
  const [attendanceOf, setAttendanceOf] = useState<CentreView | null>(null);
  const list = usePagedList({
    query: { search },
    failureMessage: 'Failed to load the centres',
    fetchPage: async (q, signal) => {
      const answer = await api.centres({ search: q.search.trim() || undefined, page: q.page, limit: PAGE_SIZE }, signal);
      return { items: answer.centres, pagination: answer.pagination };
    },
  });
  const close = () => setDialog({ kind: 'none' });

  /** The list holds every field, but another admin may have changed the centre since: edit what the server has now. */
  async function openEdit(centre: CentreView) {
    setBusy(centre.code);
    try {
      setDialog({ kind: 'edit', centre: await api.centre(centre.code) });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1.5">
            <CardTitle as="h2">Exam centres</CardTitle>
            <CardDescription>Where the papers are written: each centre’s rooms and the sittings it holds.</CardDescription>
          </div>
          <Button disabled={!canWrite} title={canWrite ? undefined : 'Viewers cannot add centres'} onClick={() => setDialog({ kind: 'add' })}>
            Add centre
          </Button>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <SearchField id="centre-search" label="Search by code, name, district or taluka" value={search} onChange={setSearch} placeholder="e.g. NSK or Nashik" />
          <DataTable
            caption="Exam centres"
            columns={['Code', 'Name', 'District', 'Taluka', 'Rooms', 'Capacity', 'Sittings', 'Actions']}
            loading={list.loading}
            loadingText="Loading centres..."
            isEmpty={list.items.length === 0}
            emptyText={search.trim() ? 'No centre matches the search' : 'No centres yet: add one or import the CSV'}
          >
            {list.items.map((centre) => (
              <tr key={centre.code} className="border-t border-slate-200">
                <td className="px-3 py-2 font-mono">{centre.code}</td>
                <td className="px-3 py-2">{centre.name}</td>
                <td className="px-3 py-2">{centre.district}</td>
                <td className="px-3 py-2">{centre.taluka}</td>
                <td className="px-3 py-2 text-right tabular-nums">{centre.rooms.length}</td>
                <td className="px-3 py-2 text-right tabular-nums">{totalCapacity(centre)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{centre.sittings.length}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" disabled={!canWrite || busy === centre.code} onClick={() => void openEdit(centre)}>
                      <Pencil aria-hidden="true" className="h-4 w-4" />
                      Edit
                      <span className="sr-only"> centre {centre.code}</span>
                    </Button>
                    <Button size="sm" variant="outline" disabled={!canWrite || busy === centre.code} onClick={() => setDialog({ kind: 'delete', centre })}>
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                      Delete
                      <span className="sr-only"> centre {centre.code}</span>
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'lists', centre })}>
                      <Printer aria-hidden="true" className="h-4 w-4" />
                      Printed lists
                      <span className="sr-only"> of centre {centre.code}</span>
                    </Button>
                    <Button size="sm" variant="outline" aria-pressed={attendanceOf?.code === centre.code} onClick={() => setAttendanceOf(centre)}>
                      <ClipboardCheck aria-hidden="true" className="h-4 w-4" />
                      Attendance
                      <span className="sr-only"> at centre {centre.code}</span>
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager label="Centres" pagination={list.pagination} page={list.page} onPage={list.setPage} />
        </CardContent>
        <Dialog open={dialog.kind !== 'none'} onOpenChange={(open) => (open ? undefined : close())}>
          {dialog.kind === 'add' ? (
            <CentreFormDialog
              onSave={async (centre) => {
                const added = await api.addCentre(centre);
                toast({ title: 'Centre Added', description: `${added.name} was added as ${added.code} (number ${added.number}).` });
                close();
                list.reload();
              }}
            />
          ) : null}
          {dialog.kind === 'edit' ? (
            <CentreFormDialog
              centre={dialog.centre}
              onSave={async (centre) => {
                const saved = await api.updateCentre(dialog.centre.code, centre);
                toast({ title: 'Centre Updated', description: `The rooms and sittings of ${saved.code} were saved.` });
                close();
                list.reload();
              }}
            />
          ) : null}
          {dialog.kind === 'delete' ? (
            <ConfirmDeleteCentre
              centre={dialog.centre}
              onCancel={close}
              onConfirm={async () => {
                await api.deleteCentre(dialog.centre.code);
                toast({ title: 'Centre Deleted', description: `${dialog.centre.code} (${dialog.centre.name}) was deleted.` });
                close();
                list.reload();
              }}
            />
          ) : null}
          {dialog.kind === 'lists' ? <PrintedListsDialog centre={dialog.centre} /> : null}
        </Dialog>
      </Card>
      {attendanceOf ? <AttendancePanel key={attendanceOf.code} centre={attendanceOf} canWrite={canWrite} onClose={() => setAttendanceOf(null)} /> : null}
      <CentreImportPanel canWrite={canWrite} onImported={list.reload} />
      <SeatAllocationPanel canWrite={canWrite} />
    </div>
  );
}

function ConfirmDeleteCentre({ centre, onCancel, onConfirm }: { centre: CentreView; onCancel: () => void; onConfirm: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  return (
    <DialogContent role="alertdialog">
      <DialogHeader>
        <DialogTitle>Delete centre {centre.code}?</DialogTitle>
        <DialogDescription>
          {centre.name} with its {countOf(centre.rooms.length, 'room')} and {countOf(centre.sittings.length, 'sitting')} is removed. Its number {centre.number} is never issued again.
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
          Delete centre
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </DialogContent>
  );
}
