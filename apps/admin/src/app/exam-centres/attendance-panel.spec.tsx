import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AttendanceImportResult, RoomAttendance } from '@kbe/contracts';

import { createFakeAdminServer, ok, renderAdmin } from '../fake-admin-server.testing';
import { AttendancePanel } from './attendance-panel';
import { centreView, roomAttendance } from './exam-centres.testing';

const NASHIK = centreView();
const ROOMS_PATH = '/api/admin/centres/NSK01/attendance';
const IMPORT_PATH = '/api/admin/centres/NSK01/attendance/import';
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => Array.from(row.children).map((cell) => cell.textContent));

function setup(rooms: RoomAttendance[][], role: 'admin' | 'viewer' = 'admin') {
  const server = createFakeAdminServer();
  const answers = [...rooms];
  server.on(`GET ${ROOMS_PATH}`, () => ok(answers.length > 1 ? answers.shift() : answers[0]));
  renderAdmin(<AttendancePanel centre={NASHIK} canWrite={role === 'admin'} onClose={() => undefined} />, { server, user: { username: 'asha', role } });
  return server;
}

describe('attendance panel', () => {
  it('lists a room’s seats unmarked, records the ticked absentees with Save room, and shows the recorded counts', async () => {
    const marked = roomAttendance({
      seats: roomAttendance().seats.map((seat) => ({ ...seat, absent: seat.seatInRoom === 2 })),
      present: 2,
      absent: 1,
    });
    const server = setup([[roomAttendance()], [marked]]);
    server.on(`PUT ${ROOMS_PATH}`, () => ok(marked));

    const room = within(await screen.findByRole('group', { name: 'Room R1, 2027-01-17 10:30' }));
    expect(server.calls('GET', ROOMS_PATH)[0]?.query.get('level')).toBe('Mains');
    expect(room.getByTestId('room-counts').textContent).toBe('Recorded: 0 present, 0 absent, 3 unmarked of 3 seats.');
    expect(room.getAllByText('not recorded')).toHaveLength(3);

    fireEvent.click(room.getByRole('checkbox', { name: /Seat 2 M-21-014-0002-0 absent/ }));
    fireEvent.click(room.getByRole('button', { name: /Save room R1/ }));

    await waitFor(() => expect(room.getByTestId('room-counts').textContent).toBe('Recorded: 2 present, 1 absent, 0 unmarked of 3 seats.'));
    expect(server.calls('PUT', ROOMS_PATH).map((r) => r.body)).toEqual([{ level: 'Mains', room: 'R1', absentRollNumbers: ['M-21-014-0002-0'] }]);
    expect((room.getByRole('checkbox', { name: /Seat 2 / }) as HTMLInputElement).checked).toBe(true);
    expect((room.getByRole('checkbox', { name: /Seat 1 / }) as HTMLInputElement).checked).toBe(false);
    expect(room.queryByText('not recorded')).toBeNull();
  });

  it('shows the server’s refusal of a room beside it', async () => {
    const server = setup([[roomAttendance()]]);
    server.on(`PUT ${ROOMS_PATH}`, () => ({ status: 422, body: { statusCode: 422, message: 'Not seated in room R1: M-21-014-0003-0' } }));

    const room = within(await screen.findByRole('group', { name: 'Room R1, 2027-01-17 10:30' }));
    fireEvent.click(room.getByRole('checkbox', { name: /Seat 3 / }));
    fireEvent.click(room.getByRole('button', { name: /Save room R1/ }));

    expect(await room.findByText('Not seated in room R1: M-21-014-0003-0')).toBeTruthy();
    expect(room.getByText('Room R1 was not saved')).toBeTruthy();
  });

  it('checks an imported CSV as a dry run, lists its problems by line and offers no Import', async () => {
    const server = setup([[roomAttendance()]]);
    const report: AttendanceImportResult = {
      dryRun: true,
      marked: 1,
      unchanged: 0,
      problems: [
        { line: 3, field: 'rollNumber', message: 'Not a Mains roll number of centre NSK01' },
        { line: 4, field: 'absent', message: 'absent must be yes or no' },
      ],
    };
    server.on(`POST ${IMPORT_PATH}`, () => ok(report));
    await screen.findByRole('group', { name: 'Room R1, 2027-01-17 10:30' });

    const csv = 'rollNumber,absent\nM-21-014-0001-0,yes\nM-21-099-0001-0,no\nM-21-014-0002-0,maybe\n';
    fireEvent.change(screen.getByLabelText('Or paste the CSV'), { target: { value: csv } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));

    const problems = await screen.findByRole('table', { name: 'Attendance problems by line' });
    expect(server.calls('POST', IMPORT_PATH).map((r) => r.body)).toEqual([{ level: 'Mains', csv, dryRun: true }]);
    expect(rowsOf(problems)).toEqual([
      ['Line', 'Column', 'Problem'],
      ['3', 'rollNumber', 'Not a Mains roll number of centre NSK01'],
      ['4', 'absent', 'absent must be yes or no'],
    ]);
    expect(screen.getByText('2 problems found: nothing was stored. Fix the lines and check again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
  });
});
