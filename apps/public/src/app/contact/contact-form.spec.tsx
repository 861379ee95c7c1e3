import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from '@kbe/api-client';
import { Toaster, dismissToast } from '@kbe/ui';
import { ContactForm } from './contact-form';
import type { ContactMessage } from './contact-form.schema';

function setup(send: (m: ContactMessage) => Promise<void>) {
  const user = userEvent.setup();
  render(
    <>
      <ContactForm send={send} />
      <Toaster />
    </>,
  );
  return user;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First Name'), 'Asha');
  await user.type(screen.getByLabelText('Last Name'), 'Patil');
  await user.type(screen.getByLabelText('Email'), 'asha@example.org');
  await user.selectOptions(screen.getByLabelText('Grade Level'), 'Grade II (Classes VIII-X)');
  await user.type(screen.getByLabelText('Message'), 'When is the Mains exam held?');
}

afterEach(() => {
  act(() => dismissToast());
});

describe('ContactForm', () => {
  it('shows no message before the first submit, then every rule message on submit', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    const user = setup(send);
    await user.type(screen.getByLabelText('First Name'), 'A');
    expect(screen.queryByText('First name must be at least 2 characters')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('First name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please select a grade level')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
  });

  it('re-validates on change after a submit', async () => {
    const user = setup(jest.fn().mockResolvedValue(undefined));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('First name must be at least 2 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First Name'), 'As');
    await waitFor(() => expect(screen.queryByText('First name must be at least 2 characters')).not.toBeInTheDocument());
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'a@example.org');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument());
  });

  it('sends the five fields, shows the success toast and resets the form', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    const user = setup(send);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message Sent Successfully!')).toBeInTheDocument();
    expect(screen.getByText("Thank you for contacting us. We'll get back to you within 24 hours.")).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({
      firstName: 'Asha',
      lastName: 'Patil',
      email: 'asha@example.org',
      gradeLevel: 'Grade II (Classes VIII-X)',
      message: 'When is the Mains exam held?',
    });
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue(''));
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Grade Level')).toHaveValue('');
  });

  it('keeps everything typed and shows a destructive toast when sending fails', async () => {
    const send = jest.fn().mockRejectedValue(new HttpError(503, 'Service temporarily unavailable', null));
    const user = setup(send);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const title = await screen.findByText('Message Not Sent');
    expect(screen.getByText('Service temporarily unavailable')).toBeInTheDocument();
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.queryByText('Message Sent Successfully!')).not.toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Asha');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.org');
    expect(screen.getByLabelText('Grade Level')).toHaveValue('Grade II (Classes VIII-X)');
    expect(screen.getByLabelText('Message')).toHaveValue('When is the Mains exam held?');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });
});
