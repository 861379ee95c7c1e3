import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AdminMentorDetail, AdminMentorListItem } from '@kbe/contracts';

import { createFakeAdminServer, ok, pagination, renderAdmin } from './fake-admin-server.testing';
import { MentorsTab } from './mentors-tab';

jest.setTimeout(30_000);

const MENTOR: AdminMentorDetail = {
  id: 'm1',
  mentorCode: 'MEN-4HT9PA',
  name: 'Anita Kulkarni',
  email: 'anita@example.org',
  mobile: '9988776655',
  contact: '9988776655',
  location: 'Nashik',
  isActive: true,
  schoolCode: 'SCH-7KQ2MZ',
  subjectTeaching: 'Physics',
  workExperience: 5,
  address: '12 College Road, Nashik',
  activitiesParticipated: 'Science fair',
  opinionOnISRO: 'Inspiring',
  createdAt: '2025-01-01T00:00:00.000Z',
};

const row = (mentor: AdminMentorDetail): AdminMentorListItem => ({
  id: mentor.id,
  mentorCode: mentor.mentorCode,
  name: mentor.name,
  email: mentor.email ?? '',
  mobile: mentor.mobile,
  location: mentor.location,
  isActive: mentor.isActive,
  schoolCode: mentor.schoolCode,
  subjectTeaching: mentor.subjectTeaching,
  workExperience: mentor.workExperience,
  createdAt: mentor.createdAt,
});

function setup() {
  const server = createFakeAdminServer();
  let stored = { ...MENTOR };
  server.on('GET /api/admin/mentors', () => ok({ mentors: [row(stored)], pagination: pagination(1) }));
  server.on('GET /api/admin/mentors/MEN-4HT9PA', () => ok(stored));
  server.on('PUT /api/admin/mentors/MEN-4HT9PA', (request) => {
    stored = { ...stored, ...(request.body as Partial<AdminMentorDetail>) };
    return ok(stored, 'Mentor updated');
  });
  return server;
}

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;

describe('mentor edit', () => {
  it('opens every registration field filled in from the server, saves with PUT and shows the new name', async () => {
    const server = setup();
    renderAdmin(<MentorsTab />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Anita Kulkarni' }));
    expect(await screen.findByRole('heading', { name: 'Edit Mentor MEN-4HT9PA' })).toBeTruthy();
    expect(
      ['School code', 'Name', 'Email (optional)', 'Contact number', 'Address', 'Subject teaching', 'Work experience (years)', 'Activities participated', 'Opinion on ISRO'].map(
        (label) => field(label).value,
      ),
    ).toEqual(['SCH-7KQ2MZ', 'Anita Kulkarni', 'anita@example.org', '9988776655', '12 College Road, Nashik', 'Physics', '5', 'Science fair', 'Inspiring']);

    fireEvent.change(field('Name'), { target: { value: 'Anita R. Kulkarni' } });
    fireEvent.change(field('Work experience (years)'), { target: { value: '7' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('The details of Anita R. Kulkarni (MEN-4HT9PA) were saved.')).toBeTruthy();
    expect(server.calls('PUT', '/api/admin/mentors/MEN-4HT9PA')[0].body).toEqual({
      schoolCode: 'SCH-7KQ2MZ',
      name: 'Anita R. Kulkarni',
      email: 'anita@example.org',
      contact: '9988776655',
      address: '12 College Road, Nashik',
      subjectTeaching: 'Physics',
      workExperience: 7,
      activitiesParticipated: 'Science fair',
      opinionOnISRO: 'Inspiring',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('cell', { name: 'Anita R. Kulkarni' })).toBeTruthy();
  });

  it('refuses what registration refuses, in the browser, without calling the server', async () => {
    const server = setup();
    renderAdmin(<MentorsTab />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Anita Kulkarni' }));
    await screen.findByRole('dialog');
    fireEvent.change(field('Contact number'), { target: { value: '12345' } });
    fireEvent.change(field('Name'), { target: { value: '' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog()).findByText('Contact number must be exactly 10 digits')).toBeTruthy();
    expect(field('Contact number').getAttribute('aria-invalid')).toBe('true');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    // The first field in error has the focus.
    expect(document.activeElement).toBe(field('Name'));
    expect(server.calls('PUT', '/api/admin/mentors/MEN-4HT9PA')).toHaveLength(0);
  });

  it("shows the server's message and field error, and keeps what the admin typed", async () => {
    const server = setup();
    server.on('PUT /api/admin/mentors/MEN-4HT9PA', () => ({
      status: 400,
      body: { statusCode: 400, message: 'School code: no school is registered with this code', errors: [{ field: 'schoolCode', message: 'No school is registered with this code' }] },
    }));
    renderAdmin(<MentorsTab />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Anita Kulkarni' }));
    await screen.findByRole('dialog');
    fireEvent.change(field('School code'), { target: { value: 'SCH-ZZZZZZ' } });
    fireEvent.change(field('Subject teaching'), { target: { value: 'Chemistry' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog()).findByText('School code: no school is registered with this code')).toBeTruthy();
    expect(within(dialog()).getByText('No school is registered with this code')).toBeTruthy();
    expect(field('School code').value).toBe('SCH-ZZZZZZ');
    expect(field('Subject teaching').value).toBe('Chemistry');
    expect((within(dialog()).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(false);
    // Nothing was saved: the dialog stays open with the admin's text in it.
    expect(server.calls('PUT', '/api/admin/mentors/MEN-4HT9PA')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('disables Edit for a viewer', async () => {
    const server = setup();
    renderAdmin(<MentorsTab />, { server, user: { username: 'vera', role: 'viewer' } });
    expect(((await screen.findByRole('button', { name: 'Edit Anita Kulkarni' })) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => undefined);
  });
});
