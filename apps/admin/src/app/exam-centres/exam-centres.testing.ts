import type { CentreView, SeatAllocationJob } from '@kbe/contracts';

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
