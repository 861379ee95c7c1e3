import '@testing-library/jest-dom';
import { act, screen, within } from '@testing-library/react';
import { dismissToast } from '@kbe/ui';
import { deferred, jsonAnswer } from '../testing/fake-server.testing';
import {
  AFTER_DEADLINE,
  VALID_CANDIDATE_FIELDS,
  field,
  fill,
  findToast,
  formNamed,
  imageFile,
  renderPage,
} from '../testing/render-page.testing';

jest.setTimeout(60_000);
beforeEach(() => localStorage.clear());
afterEach(() => act(() => dismissToast()));

async function openCandidateTab(options: { now?: Date } = {}) {
  const page = renderPage(options);
  await page.user.click(screen.getByRole('tab', { name: 'Candidate Registration' }));
  return { ...page, form: formNamed('Candidate registration') };
}

async function fillValidCandidate(form: HTMLElement, user: ReturnType<typeof renderPage>['user']) {
  fill(form, VALID_CANDIDATE_FIELDS);
  await user.upload(field(form, 'Photo'), imageFile('photo.jpg'));
  await user.upload(field(form, 'Signature'), imageFile('signature.png', 'image/png'));
}

describe('candidate registration', () => {
  it('collects every problem into one alert, joined by commas', async () => {
    const { user, form, server } = await openCandidateTab();
    fill(form, { 'Phone Number': '12345', 'Email (optional)': 'x@', 'PIN Code': '42', 'Fees (₹)': '0' });
    await user.click(within(form).getByRole('button', { name: 'Register Candidate' }));

    const alert = await within(form).findByTestId('candidate-error-alert');
    expect(alert).toHaveTextContent('Candidate Registration Failed');
    expect(within(alert).getByText(/^Mentor code is required, /)).toHaveTextContent(
      [
        'Mentor code is required',
        'Full name is required',
        "Father's name is required",
        "Mother's name is required",
        'Please select a gender',
        'Date of birth is required',
        'Religion is required',
        'Please select a region',
        'Mother tongue is required',
        'Phone number must be exactly 10 digits',
        'Please enter a valid email address',
        "Parent/guardian's name is required",
        'Please select a relation to the candidate',
        "Parent/guardian's mobile number must be exactly 10 digits",
        'Address is required',
        'Village is required',
        'Taluka is required',
        'District is required',
        'State is required',
        'PIN code must be exactly 6 digits',
        'School name is required',
        'Please select a standard',
        'Please select a medium',
        'Board is required',
        'Please select a KBE category',
        'KBE stage is required',
        'Fees must be a number',
        'Both photo and signature documents are required',
      ].join(', '),
    );
    expect(field(form, 'Full Name')).toHaveAccessibleDescription('Full name is required');
    expect(server.requests).toHaveLength(0);
  });

  it('requires both documents even when every field is right', async () => {
    const { user, form, server } = await openCandidateTab();
    fill(form, VALID_CANDIDATE_FIELDS);
    await user.upload(field(form, 'Photo'), imageFile('photo.jpg'));
    await user.click(within(form).getByRole('button', { name: 'Register Candidate' }));
    const alert = await within(form).findByTestId('candidate-error-alert');
    expect(alert).toHaveTextContent(/^Candidate Registration FailedBoth photo and signature documents are required$/);
    expect(field(form, 'Signature')).toHaveAccessibleDescription(
      'JPEG, PNG, WebP or GIF, at most 5MB. Both photo and signature documents are required',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('refuses to submit after the deadline', async () => {
    const { user, form, server } = await openCandidateTab({ now: AFTER_DEADLINE });
    await fillValidCandidate(form, user);
    await user.click(within(form).getByRole('button', { name: 'Register Candidate' }));
    const alert = await within(form).findByTestId('candidate-error-alert');
    expect(alert).toHaveTextContent('Registration deadline (30th October 2025) has passed');
    expect(server.requests).toHaveLength(0);
  });

  it('offers image inputs with previews and refuses files over 5MB with a toast', async () => {
    const { user, form } = await openCandidateTab();
    const photo = field(form, 'Photo');
    expect(photo).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');

    await user.upload(photo, imageFile('huge.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1));
    const tooLarge = await findToast('File too large');
    expect(tooLarge).toHaveTextContent('Please select a file smaller than 5MB');
    expect(tooLarge).toHaveAttribute('data-variant', 'destructive');
    expect(within(form).queryByAltText('Photo preview')).not.toBeInTheDocument();

    await user.upload(photo, imageFile('ok.jpg'));
    expect(await within(form).findByAltText('Photo preview')).toHaveAttribute('src', expect.stringMatching(/^data:image\/jpeg/));
  });

  it('sends multipart with bracketed names, both files and an Idempotency-Key, then shows the candidate ID', async () => {
    const { user, form, server } = await openCandidateTab();
    const answer = deferred<{ status: number; body: unknown }>();
    server.next(answer.promise);
    await fillValidCandidate(form, user);
    await user.click(within(form).getByRole('button', { name: 'Register Candidate' }));

    expect(await within(form).findByRole('button', { name: 'Registering Candidate...' })).toBeDisabled();
    const request = server.requests[0];
    expect(request?.url).toBe('/api/candidates/register');
    expect(request?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.headers['Content-Type']).toBeUndefined();
    const body = request?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('mentorCode')).toBe('MEN-4HT9PA');
    expect(body.get('personalDetails[fullName]')).toBe('Aarav Patil');
    expect(body.get('personalDetails[dateOfBirth]')).toBe('2012-06-15');
    expect(body.get('educationalDetails[fees]')).toBe('300');
    expect(body.get('orphanDetails[isOrphan]')).toBe('false');
    expect(body.get('feesPaid')).toBe('false');
    expect(body.has('contactDetails[email]')).toBe(false);
    expect(body.get('guardianDetails[name]')).toBe('Meena Patil');
    expect(body.get('guardianDetails[relation]')).toBe('Mother');
    expect(body.get('guardianDetails[phoneNumber]')).toBe('9876501234');
    expect((body.get('photo') as File).name).toBe('photo.jpg');
    expect((body.get('signature') as File).name).toBe('signature.png');

    await act(async () =>
      answer.resolve(jsonAnswer(201, { success: true, message: 'ok', data: { candidateCode: 'KBE123456K7Q' }, candidateCode: 'KBE123456K7Q' })),
    );
    expect(await within(form).findByTestId('candidate-issued-code')).toHaveTextContent('KBE123456K7Q');
    expect(within(form).getByRole('link', { name: 'give parental consent now' })).toHaveAttribute('href', '/einstein-quest/parental-consent/KBE123456K7Q');
    expect(await findToast('Success!')).toHaveTextContent(
      'Candidate registration completed successfully. Your Candidate ID is KBE123456K7Q.',
    );
    expect(field(form, 'Full Name')).toHaveValue('');
    expect(within(form).queryByAltText('Photo preview')).not.toBeInTheDocument();
    expect(localStorage.getItem('kbe.registration.draft.candidate.v1')).toBeNull();
  });

  it("fills the guardian's mobile from the phone number until another one is typed", async () => {
    const { user, form, server } = await openCandidateTab();
    fill(form, { 'Phone Number': '9876501234' });
    expect(field(form, 'Parent/Guardian Mobile Number')).toHaveValue('9876501234');
    expect(field(form, 'Parent/Guardian Mobile Number')).toHaveAccessibleDescription(/gets an SMS to give consent/);

    await user.clear(field(form, 'Parent/Guardian Mobile Number'));
    await user.type(field(form, 'Parent/Guardian Mobile Number'), '9123456789');
    fill(form, { 'Phone Number': '9000000001' });
    expect(field(form, 'Parent/Guardian Mobile Number')).toHaveValue('9123456789');

    server.next(jsonAnswer(201, { success: true, candidateId: 'KBE654321ABC' }));
    await fillValidCandidate(form, user);
    await user.click(within(form).getByRole('button', { name: 'Register Candidate' }));
    await within(form).findByTestId('candidate-issued-code');
    expect((server.requests[0]?.body as FormData).get('guardianDetails[phoneNumber]')).toBe('9123456789');
  });

  it('keeps everything after a network failure and retries with the same Idempotency-Key', async () => {
    const { user, form, server } = await openCandidateTab();
    server.next({ networkError: true });
    server.next(jsonAnswer(201, { success: true, candidateId: 'KBE654321ABC' }));
    await fillValidCandidate(form, user);
    await user.click(within(form).getByRole('button', { name: 'Register Candidate' }));

    const alert = await within(form).findByTestId('candidate-error-alert');
    expect(alert).toHaveTextContent('Could not reach the server. Please check your connection and try again.');
    expect(await findToast('Candidate Registration Failed')).toHaveAttribute('data-variant', 'destructive');
    expect(field(form, 'Full Name')).toHaveValue('Aarav Patil');
    expect(within(form).getByAltText('Photo preview')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Register Candidate' }));
    expect(await within(form).findByTestId('candidate-issued-code')).toHaveTextContent('KBE654321ABC');
    const [first, second] = server.requests.map((r) => r.headers['Idempotency-Key']);
    expect(second).toBe(first);
  });
});
