import { useState, type FormEvent } from 'react';
import { MENTOR_STATUS_FILTERS, mentorRegistrationSchema, validateWith, type AdminMentorListItem } from '@kbe/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FieldError, Input, Label, toast } from '@kbe/ui';

import { useAdminApi } from './admin-api';
import { useAdminUser } from './admin-guard';
import { DataTable, FilterSelect, Pager, SearchField, saveBlob } from './list-controls';
import { usePagedList } from './use-paged-list.hook';

type MentorStatus = (typeof MENTOR_STATUS_FILTERS)[number];
const STATUS_OPTIONS = [
  { value: 'all', label: 'All mentors' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const satisfies readonly { value: MentorStatus; label: string }[];

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Mentors tab (spec section 2): search, status filter, paging, activate/deactivate, add, export. */
export function MentorsTab() {
  const api = useAdminApi();
  const canWrite = useAdminUser().role === 'admin';
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<MentorStatus>('all');
  const [adding, setAdding] = useState(false);
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
      toast({ title: 'Error', description: errorText(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function exportCsv() {
    try {
      saveBlob(await api.exportCsv('mentors', { status, search: search.trim() || undefined }), 'mentors.csv');
    } catch (error) {
      toast({ title: 'Export Failed', description: errorText(error), variant: 'destructive' });
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
                <Button size="sm" variant="outline" disabled={!canWrite || busy === mentor.mentorCode} onClick={() => void toggle(mentor)}>
                  {mentor.isActive ? 'Deactivate' : 'Activate'}
                  <span className="sr-only"> {mentor.name}</span>
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
        <Pager label="Mentors" pagination={list.pagination} page={list.page} onPage={list.setPage} />
      </CardContent>
      <Dialog open={adding} onOpenChange={setAdding}>
        {adding ? (
          <AddMentorDialog
            onSave={async (mentor) => {
              const added = await api.addMentor(mentor);
              toast({ title: 'Mentor Added', description: `${added.name} was added as ${added.mentorCode}.` });
              setAdding(false);
              list.reload();
            }}
          />
        ) : null}
      </Dialog>
    </Card>
  );
}

const MENTOR_FIELDS = [
  { name: 'schoolCode', label: 'School code' },
  { name: 'name', label: 'Name' },
  { name: 'email', label: 'Email (optional)' },
  { name: 'contact', label: 'Contact number' },
  { name: 'address', label: 'Address' },
  { name: 'subjectTeaching', label: 'Subject teaching' },
  { name: 'workExperience', label: 'Work experience (years)' },
  { name: 'activitiesParticipated', label: 'Activities participated' },
  { name: 'opinionOnISRO', label: 'Opinion on ISRO' },
] as const;

/** Add a mentor with the registration rules (`mentorRegistrationSchema`). */
function AddMentorDialog({ onSave }: { onSave: (mentor: ReturnType<typeof mentorRegistrationSchema.parse>) => Promise<void> }) {
  const [values, setValues] = useState<Record<string, string>>({ workExperience: '0' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input: Record<string, string> = { ...values };
    if (!input['email']?.trim()) delete input['email'];
    const result = validateWith(mentorRegistrationSchema, input);
    if (!result.success) {
      setErrors(Object.fromEntries(result.fieldErrors.map((e) => [e.field, e.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    setServerError(null);
    try {
      await onSave(result.data);
    } catch (error) {
      setServerError(errorText(error));
      setSaving(false);
    }
  }

  return (
    <DialogContent className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>Add Mentor</DialogTitle>
        <DialogDescription>The same rules as the mentor registration form apply.</DialogDescription>
      </DialogHeader>
      <form aria-label="Add mentor" noValidate className="flex flex-col gap-3" onSubmit={(e) => void submit(e)}>
        {serverError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {serverError}
          </p>
        ) : null}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {MENTOR_FIELDS.map((field) => {
            const id = `add-mentor-${field.name}`;
            const error = errors[field.name];
            return (
              <div key={field.name} className="flex flex-col gap-1.5">
                <Label htmlFor={id}>{field.label}</Label>
                <Input
                  id={id}
                  value={values[field.name] ?? ''}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                  className="min-h-11"
                />
                <FieldError id={`${id}-error`} message={error} />
              </div>
            );
          })}
        </div>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Add Mentor'}
        </Button>
      </form>
    </DialogContent>
  );
}
