import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { validCandidate, validGuardian } from '@kbe/contracts/testing';
import type { CandidateRegistration } from '@kbe/contracts';

import { CandidateForm } from './candidate-form';

describe('candidate edit form', () => {
  it('checks the registration rules of @kbe/contracts before saving and shows each message at its field', async () => {
    const onSubmit = jest.fn(async () => undefined);
    const candidate = validCandidate() as unknown as CandidateRegistration;
    render(<CandidateForm formId="edit" label="Edit candidate" initial={candidate} submitLabel="Save Changes" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('PIN code'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByText('PIN code must be exactly 6 digits')).id).toBe('edit-permanentAddress-pin-error');
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '9876501234' } });
    fireEvent.change(screen.getByLabelText('PIN code'), { target: { value: '422007' } });
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Aarav S. Patil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const saved = (onSubmit.mock.calls[0] as unknown as [CandidateRegistration])[0];
    expect(saved.personalDetails.fullName).toBe('Aarav S. Patil');
    expect(saved.educationalDetails.fees).toBe(300);
    expect(saved.orphanDetails.isOrphan).toBe(false);
  });

  it("shows the parent or guardian and saves them; a candidate registered without one stays without one", async () => {
    const onSubmit = jest.fn(async () => undefined);
    const withGuardian = { ...validCandidate(), guardianDetails: validGuardian() } as unknown as CandidateRegistration;
    const { unmount } = render(<CandidateForm formId="edit" label="Edit candidate" initial={withGuardian} submitLabel="Save Changes" onSubmit={onSubmit} />);
    expect((screen.getByLabelText('Parent/guardian name') as HTMLInputElement).value).toBe('Meena Patil');
    expect((screen.getByLabelText('Relation to the candidate') as HTMLSelectElement).value).toBe('Mother');
    fireEvent.change(screen.getByLabelText('Parent/guardian mobile (blank: the phone number)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0] as unknown as [CandidateRegistration])[0].guardianDetails).toEqual({ name: 'Meena Patil', relation: 'Mother' });
    unmount();

    const without = validCandidate() as unknown as CandidateRegistration;
    render(<CandidateForm formId="edit" label="Edit candidate" initial={without} submitLabel="Save Changes" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect((onSubmit.mock.calls[1] as unknown as [CandidateRegistration])[0].guardianDetails).toBeUndefined();

    fireEvent.change(screen.getByLabelText('Parent/guardian name'), { target: { value: 'Suresh Patil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByText('Please select a relation to the candidate')).id).toBe('edit-guardianDetails-relation-error');
  });

  it("shows the candidate's language and saves a change of it; English when the candidate has none", async () => {
    const onSubmit = jest.fn(async () => undefined);
    const marathi = { ...validCandidate(), language: 'mr' } as unknown as CandidateRegistration;
    const { unmount } = render(<CandidateForm formId="edit" label="Edit candidate" initial={marathi} submitLabel="Save Changes" onSubmit={onSubmit} />);
    const select = screen.getByLabelText('Language') as HTMLSelectElement;
    expect(select.value).toBe('mr');
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Select...'],
      ['en', 'English'],
      ['mr', 'मराठी'],
      ['hi', 'हिन्दी'],
    ]);
    fireEvent.change(select, { target: { value: 'hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0] as unknown as [CandidateRegistration])[0].language).toBe('hi');
    unmount();

    render(<CandidateForm formId="add" label="Add candidate" submitLabel="Add" onSubmit={onSubmit} />);
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('en');
  });

  it('keeps what was typed and shows the server error when saving fails', async () => {
    const candidate = validCandidate() as unknown as CandidateRegistration;
    render(
      <CandidateForm formId="edit" label="Edit candidate" initial={candidate} submitLabel="Save Changes" onSubmit={() => Promise.reject(new Error('Mentor not found'))} />,
    );
    fireEvent.change(screen.getByLabelText('Village'), { target: { value: 'Deolali' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Mentor not found')).toBeTruthy();
    expect((screen.getByLabelText('Village') as HTMLInputElement).value).toBe('Deolali');
  });

  it('needs a photo and a signature to add a candidate, and hands both to the save', async () => {
    const onSubmit = jest.fn(async () => undefined);
    const candidate = validCandidate() as unknown as CandidateRegistration;
    render(<CandidateForm formId="add" label="Add candidate" initial={candidate} withFiles submitLabel="Add Candidate" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Candidate' }));
    expect(await screen.findByText('Both photo and signature documents are required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
    const signature = new File([new Uint8Array([0x89, 0x50])], 'signature.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Photo'), { target: { files: [photo] } });
    fireEvent.change(screen.getByLabelText('Signature'), { target: { files: [signature] } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Candidate' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0] as unknown as [CandidateRegistration, { photo: File; signature: File }])[1]).toEqual({ photo, signature });
  });
});
