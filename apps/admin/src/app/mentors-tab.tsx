import { useState } from 'react';
import Pencil from 'lucide-react/icons/pencil';
import { MENTOR_STATUS_FILTERS, type AdminMentorDetail, type AdminMentorListItem } from '@kbe/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Dialog, toast } from '@kbe/ui';
import { errorMessage } from '@kbe/api-client';

import { useAdminApi } from './admin-api';
import { useAdminUser } from './admin-guard';
import { saveBlob } from '@kbe/api-client';
import { DataTable, FilterSelect, Pager, SearchField } from './list-controls';
import { MentorFormDialog } from './mentor-form-dialog';
import { usePagedList } from './use-paged-list.hook';

type MentorStatus = (typeof MENTOR_STATUS_FILTERS)[number];
const STATUS_OPTIONS = [
  { value: 'all', label: 'All mentors' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const satisfies readonly { value: MentorStatus; label: string }[];

/** Mentors tab (spec section 2): search, status filter, paging, activate/deactivate, add, edit, export. */
export function MentorsTab() {
  const api = useAdminApi();
  const canWrite = useAdminUser().role === 'admin';
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<MentorStatus>('all');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminMentorDetail | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const list = usePagedList({
    query: { search, status },
    failureMessage: 'Failed to load mentors',
    fetchPage: async (q, signal) => {
      const answer = await api.mentors({ status: q.status, search: q.search.trim() || undefined, page: q.page, limit: 20 }, signal);
      return { items: answer.mentors, pagination: answer.pagination };
    },
  });

  async function toggle(mentor: AdminMentorListItem) {
    setBusy(mentor.mentorCode);
    try {
      await api.setMentorActive(mentor.mentorCode, !mentor.isActive);
      toast({ title: 'Mentor Updated', description: `${mentor.name} is now ${mentor.isActive ? 'Inactive' : 'Active'}.` });
      list.reload();
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  /** The edit form needs every registration field: the row has only some, so ask for the mentor. */
  async function openEdit(mentor: AdminMentorListItem) {
    setBusy(mentor.mentorCode);
    try {
      setEditing(await api.mentor(mentor.mentorCode));
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function exportCsv() {
    try {
      saveBlob(await api.exportCsv('mentors', { status, search: search.trim() || undefined }), 'mentors.csv');
    } catch (error) {
      toast({ title: 'Export Failed', description: errorMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle as="h2">Mentors</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void exportCsv()}>
            Export CSV
          </Button>
          <Button disabled={!canWrite} onClick={() => setAdding(true)}>
            Add Mentor
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchField id="mentor-search" label="Search by name, mentor code or mobile" value={search} onChange={setSearch} />
          <FilterSelect id="mentor-status-filter" label="Status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
        </div>
        <DataTable
          caption="Mentors"
          columns={['Mentor Code', 'Name', 'Email', 'Mobile', 'Location', 'Status', 'Actions']}
          loading={list.loading}
          loadingText="Loading mentors..."
          isEmpty={list.items.length === 0}
          emptyText="No mentors found"
        >
          {list.items.map((mentor) => (
            <tr key={mentor.mentorCode} className="border-t border-slate-200">
              <td className="px-3 py-2 font-mono">{mentor.mentorCode}</td>
              <td className="px-3 py-2">{mentor.name}</td>
              <td className="px-3 py-2">{mentor.email || '—'}</td>
              <td className="px-3 py-2">{mentor.mobile}</td>
              <td className="px-3 py-2">{mentor.location}</td>
              <td className="px-3 py-2">
                <Badge variant={mentor.isActive ? 'success' : 'secondary'}>{mentor.isActive ? 'Active' : 'Inactive'}</Badge>
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!canWrite || busy === mentor.mentorCode}
                    onClick={() => void openEdit(mentor)}
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                    Edit
                    <span className="sr-only"> {mentor.name}</span>
                  </Button>
                  <Button size="sm" variant="outline" disabled={!canWrite || busy === mentor.mentorCode} onClick={() => void toggle(mentor)}>
                    {mentor.isActive ? 'Deactivate' : 'Activate'}
                    <span className="sr-only"> {mentor.name}</span>
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
        <Pager label="Mentors" pagination={list.pagination} page={list.page} onPage={list.setPage} />
      </CardContent>
      <Dialog open={adding} onOpenChange={setAdding}>
        {adding ? (
          <MentorFormDialog
            title="Add Mentor"
            submitLabel="Add Mentor"
            idPrefix="add-mentor"
            onSave={async (mentor) => {
              const added = await api.addMentor(mentor);
              toast({ title: 'Mentor Added', description: `${added.name} was added as ${added.mentorCode}.` });
              setAdding(false);
              list.reload();
            }}
          />
        ) : null}
      </Dialog>
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        {editing ? (
          <MentorFormDialog
            title={`Edit Mentor ${editing.mentorCode}`}
            submitLabel="Save Changes"
            idPrefix="edit-mentor"
            initial={editing}
            onSave={async (mentor) => {
              const saved = await api.updateMentor(editing.mentorCode, mentor);
              toast({ title: 'Mentor Updated', description: `The details of ${saved.name} (${saved.mentorCode}) were saved.` });
              setEditing(null);
              list.reload();
            }}
          />
        ) : null}
      </Dialog>
    </Card>
  );
}

