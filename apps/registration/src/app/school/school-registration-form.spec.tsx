import '@testing-library/jest-dom';
import { act, screen, within } from '@testing-library/react';
import { dismissToast } from '@kbe/ui';
import { deferred, jsonAnswer } from '../testing/fake-server.testing';
import { VALID_SCHOOL_FIELDS, field, fill, findToast, formNamed, renderPage } from '../testing/render-page.testing';

jest.setTimeout(60_000);
beforeEach(() => localStorage.clear());
afterEach(() => act(() => dismissToast()));

describe('school registration', () => {
  it('shows the section 5 messages beside each field and sends nothing', async () => {
    const { user, server } = renderPage();
    const form = formNamed('School registration');
    fill(form, { 'Contact Number': '12345', 'PIN Code': '42201' });
    await user.click(within(form).getByRole('button', { name: 'Register School' }));

    expect(await within(form).findByText('Contact number must be exactly 10 digits')).toBeInTheDocument();
    for (const message of [
      'School name is required',
      'UDISE code is required',
      'Please select a school type',
      'Area is required',
      'City is required',
      'PIN code must be exactly 6 digits',
      'Principal name is required',
      'Principal contact number must be exactly 10 digits',
    ]) {
      expect(within(form).getByText(message)).toBeInTheDocument();
    }
    const contact = field(form, 'Contact Number');
    expect(contact).toHaveAttribute('aria-invalid', 'true');
    expect(contact).toHaveAccessibleDescription('Contact number must be exactly 10 digits');
    expect(server.requests).toHaveLength(0);
  });

  it('limits contact and PIN inputs and asks for digits', () => {
    renderPage();
    const form = formNamed('School registration');
    expect(field(form, 'Contact Number')).toHaveAttribute('maxLength', '10');
    expect(field(form, 'Contact Number')).toHaveAttribute('inputMode', 'numeric');
    expect(field(form, 'PIN Code')).toHaveAttribute('maxLength', '6');
    expect(field(form, 'Principal Contact Number')).toHaveAttribute('maxLength', '10');
    expect(within(field(form, 'School Type')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select school type',
      'Primary',
      'Secondary',
      'Higher Secondary',
    ]);
  });

  it('registers: busy button, then the code with Success!, a reset form and a way to the Mentor tab', async () => {
    const { user, server } = renderPage();
    const answer = deferred<{ status: number; body: unknown }>();
    server.next(answer.promise);
    const form = formNamed('School registration');
    fill(form, VALID_SCHOOL_FIELDS);
    await user.click(within(form).getByRole('button', { name: 'Register School' }));

    const busy = await within(form).findByRole('button', { name: 'Registering School...' });
    expect(busy).toBeDisabled();
    expect(server.requests[0]).toMatchObject({
      url: '/api/schools/register',
      method: 'POST',
      body: {
        schoolName: 'Nashik Model School',
        udiseCode: '27201234567',
        contact: '9876543210',
        schoolType: 'Secondary',
        address: { city: 'Nashik', pin: '422013' },
        principal: { name: 'S. Kulkarni', contact: '9123456780' },
      },
    });
    expect(server.requests[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);

    await act(async () => answer.resolve(jsonAnswer(201, { success: true, message: 'ok', data: { schoolCode: 'SCH-7KQ2XM' }, schoolCode: 'SCH-7KQ2XM' })));

    expect(await within(form).findByTestId('school-issued-code')).toHaveTextContent('SCH-7KQ2XM');
    expect(within(form).getByTestId('school-success-alert')).toHaveTextContent('School registration completed successfully');
    const success = await findToast('Success!');
    expect(success).toHaveTextContent('School registration completed successfully. Your School Code is SCH-7KQ2XM.');
    expect(success).toHaveAttribute('data-variant', 'default');
    expect(field(form, 'School Name')).toHaveValue('');
    expect(within(form).getByRole('button', { name: 'Register School' })).toBeEnabled();

    await user.click(within(form).getByRole('button', { name: 'Copy code SCH-7KQ2XM' }));
    expect(within(form).getByRole('button', { name: 'Copy code SCH-7KQ2XM' })).toHaveTextContent('Copied!');
    expect(await navigator.clipboard.readText()).toBe('SCH-7KQ2XM');

    server.route((url) => url.startsWith('/api/schools?'), () => jsonAnswer(200, { success: true, data: [] }));
    await user.click(within(form).getByRole('button', { name: 'Register a mentor for this school' }));
    expect(screen.getByRole('tab', { name: 'Mentor Registration' })).toHaveAttribute('aria-selected', 'true');
    expect(field(formNamed('Mentor registration'), 'School Code')).toHaveValue('SCH-7KQ2XM');
  });

  it('shows the server problems in a red alert and a destructive toast, keeping what was typed', async () => {
    const { user, server } = renderPage();
    server.next(
      jsonAnswer(400, {
        statusCode: 400,
        message: 'Validation failed',
        errors: [{ field: 'address.pin', message: 'PIN code must be exactly 6 digits' }],
      }),
    );
    const form = formNamed('School registration');
    fill(form, VALID_SCHOOL_FIELDS);
    await user.click(within(form).getByRole('button', { name: 'Register School' }));

    const alert = await within(form).findByTestId('school-error-alert');
    expect(alert).toHaveTextContent('School Registration Failed');
    expect(alert).toHaveTextContent('Please correct the following errors:');
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Address → Pin: PIN code must be exactly 6 digits');
    const failure = await findToast('School Registration Failed');
    expect(failure).toHaveAttribute('data-variant', 'destructive');
    expect(failure).toHaveTextContent('Address → Pin: PIN code must be exactly 6 digits');
    expect(field(form, 'School Name')).toHaveValue('Nashik Model School');
    expect(field(form, 'Principal Contact Number')).toHaveValue('9123456780');
  });

  it('never fakes success when the server cannot be reached', async () => {
    const { user, server } = renderPage();
    server.next({ networkError: true });
    const form = formNamed('School registration');
    fill(form, VALID_SCHOOL_FIELDS);
    await user.click(within(form).getByRole('button', { name: 'Register School' }));

    const alert = await within(form).findByTestId('school-error-alert');
    expect(alert).toHaveTextContent('Could not reach the server. Please check your connection and try again.');
    expect(within(form).queryByTestId('school-success-alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
    expect(field(form, 'School Name')).toHaveValue('Nashik Model School');
    expect(within(form).getByRole('button', { name: 'Register School' })).toBeEnabled();
  });

  it('reuses the Idempotency-Key when the same school is retried, and not after a change', async () => {
    const { user, server } = renderPage();
    server.next({ networkError: true });
    server.next({ networkError: true });
    server.next({ networkError: true });
    const form = formNamed('School registration');
    fill(form, VALID_SCHOOL_FIELDS);
    const submit = () => user.click(within(form).getByRole('button', { name: 'Register School' }));
    await submit();
    await within(form).findByTestId('school-error-alert');
    await submit();
    await within(form).findByTestId('school-error-alert');
    fill(form, { Town: 'Deolali' });
    await submit();
    await within(form).findByTestId('school-error-alert');

    const keys = server.requests.map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
