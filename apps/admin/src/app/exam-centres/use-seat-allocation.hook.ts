import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@kbe/api-client';
import type { SeatAllocationJob, SeatAllocationRequest } from '@kbe/contracts';

import type { AdminApi } from '../admin-api';

/** How often a running allocation is asked for its progress (as the bulk releases are). */
export const ALLOCATION_POLL_MS = 500;

export interface SeatAllocationState {
  job: SeatAllocationJob | null;
  running: boolean;
  /** The server's refusal (409 while an allocation of the level runs) or a failed poll, as it words it. */
  error: string | null;
  start: (request: SeatAllocationRequest) => Promise<void>;
}

const finished = (job: SeatAllocationJob) => job.status === 'completed' || job.status === 'failed';

/**
 * A seat allocation as one server job (docs/seat-allocation.md): start it, ask for it every
 * `pollMs` until it completes or fails, keep the last answer for the report.
 */
export function useSeatAllocation(api: AdminApi, pollMs: number = ALLOCATION_POLL_MS): SeatAllocationState {
  const [job, setJob] = useState<SeatAllocationJob | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const poll = useCallback(
    (jobId: string) => {
      timer.current = setTimeout(() => {
        api.seatAllocationJob(jobId).then(
          (next) => {
            if (!mounted.current) return;
            setJob(next);
            if (finished(next)) setRunning(false);
            else poll(jobId);
          },
          (caught: unknown) => {
            if (!mounted.current) return;
            setRunning(false);
            setError(errorMessage(caught));
          },
        );
      }, pollMs);
    },
    [api, pollMs],
  );

  const start = useCallback(
    async (request: SeatAllocationRequest) => {
      clearTimeout(timer.current);
      setRunning(true);
      setError(null);
      try {
        const created = await api.startSeatAllocation(request);
        if (!mounted.current) return;
        setJob(created);
        if (finished(created)) setRunning(false);
        else poll(created.id);
      } catch (caught) {
        if (!mounted.current) return;
        setRunning(false);
        setError(errorMessage(caught));
      }
    },
    [api, poll],
  );

  return { job, running, error, start };
}
