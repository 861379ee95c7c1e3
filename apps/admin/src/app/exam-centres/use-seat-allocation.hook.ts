import type { SeatAllocationJob, SeatAllocationRequest } from '@kbe/contracts';

import type { AdminApi } from '../admin-api';
import { useServerJob } from '../use-server-job.hook';

/** How often a running allocation is asked for its progress (as the bulk releases are). */
export const ALLOCATION_POLL_MS = 500;

export interface SeatAllocationState {
  job: SeatAllocationJob | null;
  running: boolean;
  /** The server's refusal (409 while an allocation of the level runs) or a failed poll, as it words it. */
  error: string | null;
  start: (request: SeatAllocationRequest) => Promise<void>;
}

/**
 * A seat allocation as one server job (docs/seat-allocation.md): start it, ask for it every
 * `pollMs` until it completes or fails, keep the last answer for the report.
 */
export function useSeatAllocation(api: AdminApi, pollMs: number = ALLOCATION_POLL_MS): SeatAllocationState {
  return useServerJob<SeatAllocationRequest, SeatAllocationJob>({
    start: (request) => api.startSeatAllocation(request),
    read: (jobId) => api.seatAllocationJob(jobId),
    pollMs,
  });
}
