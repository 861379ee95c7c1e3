import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EXAM_TIME_FORMAT_MESSAGE } from '@kbe/contracts';
import { Dialog } from '@kbe/ui';

import { ExamAssignmentDialog } from './exam-assignment';
import { candidateRow, createFakeAdminServer, ok, pagination, renderAdmin } from './fake-admin-server.testing';
import { HallTicketPanel } from './release-panel';

function openDialog(examTime = 'TBA') {
  const onSave = jest.fn(async () => undefined);
  renderAdmin(
    <Dialog open>
      <ExamAssignmentDialog candidate={candidateRow(1, { examTime })} onSave={onSave} />
    </Dialog>,
    { server: createFakeAdminServer() },
  );
  return onSave;
}

describe('exam details of a candidate', () => {
  it('refuses an exam time that is not a date-time with its offset, naming the format, and sends nothing', async () => {
    const onSave = openDialog();
    const field = screen.getByLabelText('Exam time');
    expect(field.getAttribute('placeholder')).toBe('2025-11-05T10:00+05:30');
    fireEvent.change(field, { target: { value: '10 am on 5 November' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(EXAM_TIME_FORMAT_MESSAGE);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain('exam-examTime-error');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves a date-time with its offset as typed', async () => {
    const onSave = openDialog();
    fireEvent.change(screen.getByLabelText('Exam time'), { target: { value: ' 2025-11-05T10:00+05:30 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ seatNumber: null, center: null, examTime: '2025-11-05T10:00+05:30' }));
  });

  it('shows the assigned time as the API answers it, ready to be saved again', async () => {
    const onSave = openDialog('2025-11-05T10:00:00+05:30');
    expect((screen.getByLabelText('Exam time') as HTMLInputElement).value).toBe('2025-11-05T10:00:00+05:30');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ seatNumber: null, center: null, examTime: '2025-11-05T10:00:00+05:30' }));
  });
});

describe('exam time in the hall ticket list', () => {
  it('is shown for people, in India time', async () => {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', () =>
      ok({ candidates: [candidateRow(2, { examTime: '2025-11-05T10:00:00+05:30' }), candidateRow(4)], pagination: pagination(2) }),
    );
    renderAdmin(<HallTicketPanel />, { server });
    expect(await screen.findByText('5 November 2025, 10:00 am IST')).toBeTruthy();
    expect(screen.queryByText('2025-11-05T10:00:00+05:30')).toBeNull();
  });
});
