import '@testing-library/jest-dom';
import { act, screen, within } from '@testing-library/react';
import { validMentor } from '@kbe/contracts/testing';
import { dismissToast } from '@kbe/ui';
import { deferred, jsonAnswer, type RecordedRequest } from '../testing/fake-server.testing';
import { VALID_MENTOR_FIELDS, field, fill, findToast, formNamed, renderPage } from '../testing/render-page.testing';

jest.setTimeout(60_000);
beforeEach(() => localStorage.clear());
afterEach(() => act(() => dismissToast()));

async function openMentorTab() {
  const page = renderPage();
  page.server.route(
    (url) => url.startsWith('/api/schools?'),
    () => jsonAnswer(200, { success: true, data: [{ code: 'SCH-7KQ2XM', name: 'Nashik Model School', city: 'Nashik' }] }),
  );
  await page.user.click(screen.getByRole('tab', { name: 'Mentor Registration' }));
  return { ...page, form: formNamed('Mentor registration') };
}

const registerCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.url === '/api/mentors/register');

describe('mentor registration', () => {
  it('shows the messages of every required field and sends nothing', async () => {
    const { user, form, server } = await openMentorTab();
    fill(form, { 'Email (optional)': 'anita@', 'Work Experience (years)': '-2', 'Contact Number': '99' });
    await user.click(within(form).getByRole('button', { name: 'Register Mentor' }));

    expect(await within(form).findByText('School code is required')).toBeInTheDocument();
    for (const message of [
      'Name is required',
      'Please enter a valid email address',
      'Contact number must be exactly 10 digits',
      'Subject teaching is required',
      'Work experience cannot be negative',
      'Address is required',
      'Activities participated is required',
      'Opinion on ISRO is required',
    ]) {
      expect(within(form).getByText(message)).toBeInTheDocument();
    }
    expect(registerCalls(server.requests)).toHaveLength(0);
  });

  it("shows the school's name once a complete school code is typed", async () => {
    const { form, server } = await openMentorTab();
    fill(form, { 'School Code': 'sch-7kq2xm' });
    expect(await within(form).findByText('School: Nashik Model School, Nashik')).toBeInTheDocument();
    expect(server.requests.at(-1)?.url).toBe('/api/schools?code=SCH-7KQ2XM');
  });

  it('says so when no school has the code', async () => {
    const page = renderPage();
    page.server.route((url) => url.startsWith('/api/schools?'), () => jsonAnswer(200, { success: true, data: [] }));
    await page.user.click(screen.getByRole('tab', { name: 'Mentor Registration' }));
    fill(formNamed('Mentor registration'), { 'School Code': 'SCH-AAAAAA' });
    expect(
      await screen.findByText('No school is registered with the code SCH-AAAAAA. Please check it.'),
    ).toBeInTheDocument();
  });

  it('registers: busy button, issued code, reset form, then opens the Candidate tab with the code', async () => {
    const { user, form, server } = await openMentorTab();
    const answer = deferred<{ status: number; body: unknown }>();
    server.next(answer.promise);
    fill(form, VALID_MENTOR_FIELDS);
    await user.click(within(form).getByRole('button', { name: 'Register Mentor' }));

    expect(await within(form).findByRole('button', { name: 'Registering Mentor...' })).toBeDisabled();
    // the fields typed are the contracts' valid mentor, so the request carries exactly that record
    expect(registerCalls(server.requests)[0]?.body).toEqual(validMentor());

    await act(async () => answer.resolve(jsonAnswer(201, { success: true, message: 'ok', data: { mentorCode: 'MEN-4HT9PA' } })));
    expect(await within(form).findByTestId('mentor-issued-code')).toHaveTextContent('MEN-4HT9PA');
    expect(await findToast('Success!')).toHaveTextContent(
      'Mentor registration completed successfully. Your Mentor Code is MEN-4HT9PA.',
    );
    expect(field(form, 'Name')).toHaveValue('');

    await user.click(within(form).getByRole('button', { name: 'Register a candidate with this mentor' }));
    expect(screen.getByRole('tab', { name: 'Candidate Registration' })).toHaveAttribute('aria-selected', 'true');
    expect(field(formNamed('Candidate registration'), 'Mentor Code')).toHaveValue('MEN-4HT9PA');
  });

  it('maps a raw server validation message and keeps the typed values', async () => {
    const { user, form, server } = await openMentorTab();
    server.next(jsonAnswer(400, { message: 'Path `schoolCode` is required.' }));
    fill(form, VALID_MENTOR_FIELDS);
    await user.click(within(form).getByRole('button', { name: 'Register Mentor' }));

    const alert = await within(form).findByTestId('mentor-error-alert');
    expect(alert).toHaveTextContent('Mentor Registration Failed');
    expect(alert).toHaveTextContent("Field 'School Code' is required.");
    expect(field(form, 'Subject Teaching')).toHaveValue('Physics');
  });

  it('never reports success when the answer carries no mentor code', async () => {
    const { user, form, server } = await openMentorTab();
    server.next(jsonAnswer(200, { success: true }));
    fill(form, VALID_MENTOR_FIELDS);
    await user.click(within(form).getByRole('button', { name: 'Register Mentor' }));
    const alert = await within(form).findByTestId('mentor-error-alert');
    expect(alert).toHaveTextContent('The server did not return a mentor code');
    expect(within(form).queryByTestId('mentor-success-alert')).not.toBeInTheDocument();
    expect(field(form, 'Name')).toHaveValue('Anita Deshmukh');
  });
});
