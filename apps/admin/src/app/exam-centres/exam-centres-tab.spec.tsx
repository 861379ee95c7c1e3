import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CentreView } from '@kbe/contracts';

import { createFakeAdminServer, ok, pagination, renderAdmin } from '../fake-admin-server.testing';
import ExamCentresTab from './exam-centres-tab';
import { centreView } from './exam-centres.testing';

const NASHIK = centreView();
const PUNE = centreView({
  code: 'PUN07',
  name: 'Pune Vidyalaya',
  district: 'Pune',
  taluka: 'Haveli',
  rooms: [{ name: 'Hall', capacity: 120 }],
  sittings: [],
  number: 2,
});

function setup(centres: CentreView[] = [NASHIK, PUNE], user?: { username: string; role: 'admin' | 'viewer' }) {
  const server = createFakeAdminServer();
  server.on('GET /api/admin/centres', (r) => {
    const search = (r.query.get('search') ?? '').toUpperCase();
    const found = centres.filter((c) => [c.code, c.name, c.district, c.taluka].some((text) => text.toUpperCase().startsWith(search)));
    return { status: 200, body: { success: true, data: found, pagination: pagination(found.length) } };
  });
  renderAdmin(<ExamCentresTab />, { server, user });
  return server;
}

const table = () => screen.getByRole('table', { name: 'Exam centres' });
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const rowOf = async (code: string) => (await screen.findByRole('cell', { name: code })).closest('tr') as HTMLElement;
const waitForSearch = () => act(() => new Promise((resolve) => setTimeout(resolve, 350)));

async function openAddForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add centre' }));
  return within(await screen.findByRole('dialog'));
}

function fillDetails(dialog: ReturnType<typeof within>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(dialog.getByLabelText(label), { target: { value } });
}

const VALID_DETAILS = {
  'Centre code': 'nsk02',
  'Centre name': 'Nashik Road School',
  Address: 'Station road, Nashik Road',
  District: 'Nashik',
  Taluka: 'Nashik',
  'Contact (10-digit mobile number)': '9876543211',
};

describe('Exam centres tab', () => {
  it('lists the centres with their rooms, total capacity and sittings, and searches on the server', async () => {
    const server = setup();
    expect(within(table()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Code', 'Name', 'District', 'Taluka', 'Rooms', 'Capacity', 'Sittings', 'Actions']);
    expect(cells(await rowOf('NSK01')).slice(0, 7)).toEqual(['NSK01', 'Nashik Centre', 'Nashik', 'Nashik', '2', '55', '1']);
    expect(cells(await rowOf('PUN07')).slice(0, 7)).toEqual(['PUN07', 'Pune Vidyalaya', 'Pune', 'Haveli', '1', '120', '0']);
    expect(screen.getByText('Page 1 of 1 (2 in total)')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search by code, name, district or taluka'), { target: { value: 'pun' } });
    await waitForSearch();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'NSK01' })).toBeNull());
    expect(await rowOf('PUN07')).toBeTruthy();
    const last = server.calls('GET', '/api/admin/centres').at(-1);
    expect(last?.query.get('search')).toBe('pun');
    expect(last?.query.get('page')).toBe('1');

    fireEvent.change(screen.getByLabelText('Search by code, name, district or taluka'), { target: { value: 'zzz' } });
    await waitForSearch();
    expect(await screen.findByText('No centre matches the search')).toBeTruthy();
  });

  it('checks a new centre with the contract before sending: the messages sit beside their fields and what was typed stays', async () => {
    const server = setup();
    const dialog = await openAddForm();
    fillDetails(dialog, { ...VALID_DETAILS, 'Contact (10-digit mobile number)': '98765' });
    fireEvent.change(dialog.getByLabelText('Room name'), { target: { value: 'Hall A' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add sitting' }));
    const sitting = within(dialog.getByRole('group', { name: 'Sitting 1' }));
    fireEvent.change(sitting.getByLabelText('Date'), { target: { value: '2027-01-17' } });
    fireEvent.change(sitting.getByLabelText('Start time'), { target: { value: '10:30' } });
    fireEvent.change(sitting.getByLabelText('Reporting time'), { target: { value: '11:00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add centre' }));

    const contact = dialog.getByLabelText('Contact (10-digit mobile number)') as HTMLInputElement;
    const contactError = await dialog.findByText('Contact must be a 10-digit mobile number');
    expect(contact.getAttribute('aria-invalid')).toBe('true');
    expect(contact.getAttribute('aria-describedby')).toBe(contactError.id);
    expect(contact.value).toBe('98765');
    expect(document.activeElement).toBe(contact);
    // The empty capacity too, in the contract's own words.
    const capacity = dialog.getByLabelText('Capacity');
    expect(document.getElementById(capacity.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Capacity must be a whole number');
    expect((dialog.getByLabelText('Centre name') as HTMLInputElement).value).toBe('Nashik Road School');

    // Once every field is well formed, the rules across fields speak (the server's 422): the reporting time after the start.
    fireEvent.change(contact, { target: { value: '9876543211' } });
    fireEvent.change(capacity, { target: { value: '40' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add centre' }));
    const reporting = sitting.getByLabelText('Reporting time');
    expect((await sitting.findByText('Reporting time must be before the start time')).id).toBe(reporting.getAttribute('aria-describedby'));
    await waitFor(() => expect(document.activeElement).toBe(reporting));
    expect(dialog.queryByText('Contact must be a 10-digit mobile number')).toBeNull();
    expect(server.calls('POST', '/api/admin/centres')).toHaveLength(0);
  });

  it('adds a centre with rooms and sittings, and keeps the form as typed when the server refuses it', async () => {
    const server = setup();
    let answers = 0;
    server.on('POST /api/admin/centres', (r) =>
      answers++ === 0
        ? { status: 409, body: { statusCode: 409, message: 'A centre with code NSK02 already exists' } }
        : { status: 201, body: { success: true, message: 'Created', data: { ...(r.body as CentreView), number: 3, createdAt: '', updatedAt: '' } } },
    );
    const dialog = await openAddForm();
    fillDetails(dialog, VALID_DETAILS);
    fireEvent.change(dialog.getByLabelText('Room name'), { target: { value: 'Hall A' } });
    fireEvent.change(dialog.getByLabelText('Capacity'), { target: { value: '40' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add room' }));
    const second = within(dialog.getByRole('group', { name: 'Room 2' }));
    fireEvent.change(second.getByLabelText('Room name'), { target: { value: 'Lab' } });
    fireEvent.change(second.getByLabelText('Capacity'), { target: { value: '20' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add sitting' }));
    const sitting = within(dialog.getByRole('group', { name: 'Sitting 1' }));
    fireEvent.change(sitting.getByLabelText('Category'), { target: { value: 'Sec' } });
    fireEvent.change(sitting.getByLabelText('Date'), { target: { value: '2027-01-17' } });
    fireEvent.change(sitting.getByLabelText('Start time'), { target: { value: '10:30' } });
    fireEvent.change(sitting.getByLabelText('Reporting time'), { target: { value: '09:45' } });
    fireEvent.change(sitting.getByLabelText('Rooms (optional)'), { target: { value: 'Hall A' } });

    fireEvent.click(dialog.getByRole('button', { name: 'Add centre' }));
    expect(await dialog.findByText('A centre with code NSK02 already exists')).toBeTruthy();
    expect((dialog.getByLabelText('Centre code') as HTMLInputElement).value).toBe('nsk02');
    expect((second.getByLabelText('Room name') as HTMLInputElement).value).toBe('Lab');
    expect((sitting.getByLabelText('Rooms (optional)') as HTMLInputElement).value).toBe('Hall A');

    fireEvent.change(dialog.getByLabelText('Centre code'), { target: { value: 'nsk03' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add centre' }));
    expect(await screen.findByText('Nashik Road School was added as NSK03 (number 3).')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/centres').at(-1)?.body).toEqual({
      code: 'NSK03',
      name: 'Nashik Road School',
      address: 'Station road, Nashik Road',
      district: 'Nashik',
      taluka: 'Nashik',
      contact: '9876543211',
      rooms: [
        { name: 'Hall A', capacity: 40 },
        { name: 'Lab', capacity: 20 },
      ],
      sittings: [{ level: 'Mains', category: 'Sec', date: '2027-01-17', startTime: '10:30', reportingTime: '09:45', rooms: ['Hall A'] }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the field errors of a refusal beside their fields (a 422 overlap on its sitting)', async () => {
    const server = setup();
    const overlap = 'Sitting 1 (Mains Prime, 2027-01-17 10:30) overlaps sitting 1 in a shared room';
    server.on('POST /api/admin/centres', () => ({ status: 422, body: { statusCode: 422, message: overlap, errors: [{ field: 'sittings.0', message: overlap }] } }));
    const dialog = await openAddForm();
    fillDetails(dialog, VALID_DETAILS);
    fireEvent.change(dialog.getByLabelText('Room name'), { target: { value: 'Hall A' } });
    fireEvent.change(dialog.getByLabelText('Capacity'), { target: { value: '40' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add sitting' }));
    const group = dialog.getByRole('group', { name: 'Sitting 1' });
    const sitting = within(group);
    fireEvent.change(sitting.getByLabelText('Date'), { target: { value: '2027-01-17' } });
    fireEvent.change(sitting.getByLabelText('Start time'), { target: { value: '10:30' } });
    fireEvent.change(sitting.getByLabelText('Reporting time'), { target: { value: '09:45' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add centre' }));
    const message = await sitting.findByText(overlap);
    expect(group.getAttribute('aria-describedby')).toBe(message.id);
    expect(server.calls('POST', '/api/admin/centres')).toHaveLength(1);
  });

  it('edits a centre as the server has it now, the code fixed, and saves it with PUT', async () => {
    const server = setup();
    server.on('GET /api/admin/centres/NSK01', () => ok(NASHIK));
    server.on('PUT /api/admin/centres/NSK01', (r) => ok({ ...NASHIK, ...(r.body as CentreView) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit centre NSK01' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Edit centre NSK01' })).toBeTruthy();
    expect((dialog.getByLabelText('Centre code') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Remove room 2 (R2)' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The rooms and sittings of NSK01 were saved.')).toBeTruthy();
    expect((server.calls('PUT', '/api/admin/centres/NSK01')[0]?.body as CentreView).rooms).toEqual([{ name: 'R1', capacity: 30 }]);
  });

  it('deletes a centre only after confirmation, and shows a refusal in the confirmation', async () => {
    const server = setup();
    let answers = 0;
    server.on('DELETE /api/admin/centres/PUN07', () =>
      answers++ === 0
        ? { status: 409, body: { statusCode: 409, message: 'Seats are allocated at centre PUN07' } }
        : { status: 200, body: { success: true, message: 'Centre PUN07 deleted' } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete centre PUN07' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('Pune Vidyalaya with its 1 room and 0 sittings is removed. Its number 2 is never issued again.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls('DELETE', '/api/admin/centres/PUN07')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete centre PUN07' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    fireEvent.click(confirm.getByRole('button', { name: 'Delete centre' }));
    expect(await confirm.findByText('Seats are allocated at centre PUN07')).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Delete centre' }));
    expect(await screen.findByText('PUN07 (Pune Vidyalaya) was deleted.')).toBeTruthy();
    expect(server.calls('DELETE', '/api/admin/centres/PUN07')).toHaveLength(2);
  });

  it('lets a viewer read the centres without any write', async () => {
    setup(undefined, { username: 'vera', role: 'viewer' });
    expect(((await screen.findByRole('button', { name: 'Edit centre NSK01' })) as HTMLButtonElement).disabled).toBe(true);
    for (const name of ['Add centre', 'Delete centre NSK01', 'Check', 'Import', 'Dry run', 'Allocate']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });
});
