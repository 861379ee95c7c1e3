import type { CentreListsProgress, CentreView, RoomAttendance, SeatAllocationJob } from '@kbe/contracts';

/** A centre as the API answers it (Nashik, two rooms, one Mains sitting) unless overridden. */
export function centreView(overrides: Partial<CentreView> = {}): CentreView {
  return {
    code: 'NSK01',
    name: 'Nashik Centre',
    address: 'College road, Nashik',
    district: 'Nashik',
    taluka: 'Nashik',
    contact: '9876543210',
    rooms: [
      { name: 'R1', capacity: 30 },
      { name: 'R2', capacity: 25 },
    ],
    sittings: [{ level: 'Mains', category: 'Prime', date: '2027-01-17', startTime: '10:30', reportingTime: '09:45' }],
    number: 1,
    createdAt: '2026-10-01T05:00:00.000Z',
    updatedAt: '2026-10-01T05:00:00.000Z',
    ...overrides,
  };
}

/** A seat allocation job as the server reports it (a queued Mains dry run unless overridden). */
export function allocationJob(overrides: Partial<SeatAllocationJob> = {}): SeatAllocationJob {
  return {
    id: '0b6f4a0e-8f3c-4f55-9c2e-3d1a2b3c4d5e',
    level: 'Mains',
    dryRun: true,
    status: 'queued',
    total: 120,
    processed: 0,
    percent: 0,
    seated: 0,
    kept: { allocated: 0, manual: 0 },
    unseated: { count: 0, items: [] },
    rooms: [],
    requestedBy: 'asha',
    createdAt: '2026-11-01T05:00:00.000Z',
    finishedAt: null,
    error: null,
    ...overrides,
  };
}

/** The 202 a printed list answers while the centre's lists are made (running, 40 of 120 rows unless overridden). */
export function listsProgress(overrides: Partial<CentreListsProgress> = {}) {
  const data: CentreListsProgress = { status: 'running', percent: 33, total: 120, processed: 40, error: null, ...overrides };
  return { status: 202, body: { success: true, data }, headers: { 'content-type': 'application/json', 'retry-after': '2' } };
}

/** A PDF answer (200 application/pdf). */
export const pdfAnswer = (text = '%PDF-1.7 lists') => ({ status: 200, body: text, headers: { 'content-type': 'application/pdf' } });

/** A room of a Mains paper at NSK01 (R1, three seats, unmarked) unless overridden; roll numbers M-21-014-000n-0. */
export function roomAttendance(overrides: Partial<RoomAttendance> = {}): RoomAttendance {
  return {
    room: 'R1',
    date: '2027-01-17',
    startTime: '10:30',
    seats: [1, 2, 3].map((n) => ({ rollNumber: `M-21-014-000${n}-0`, candidateCode: `KBE10000${n}ABC`, seatInRoom: n, absent: null })),
    present: 0,
    absent: 0,
    ...overrides,
  };
}
