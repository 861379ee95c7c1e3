import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@kbe/api-client';

/** Where a server job went wrong: starting it, or asking for its progress. */
export type ServerJobErrorStage = 'start' | 'poll';

export interface ServerJobOptions<I, J extends { id: string; status: string }> {
  /** Starts the job; the answer may already be finished. */
  start: (input: I) => Promise<J>;
  /** Asks for the job's progress. */
  read: (id: string) => Promise<J>;
  /** How long to wait before each read. */
  pollMs: number;
  /** Called once with the job that completed or failed. */
  onFinished?: (job: J) => void;
  /** Called when starting the job or a read fails (`error` is set to its message as well). */
  onError?: (error: unknown, stage: ServerJobErrorStage) => void;
}

export interface ServerJobState<I, J> {
  /** The last answer from the server. */
  job: J | null;
  running: boolean;
  /** The message of the last start or read that failed (cleared by `start`). */
  error: string | null;
  start: (input: I) => Promise<void>;
}

const isFinished = (job: { status: string }) => job.status === 'completed' || job.status === 'failed';

/**
 * A server-side job: start it, ask for it every `pollMs` until its status is 'completed' or
 * 'failed'. Nothing is set or called once the component has unmounted, and the pending timer is
 * cleared then. The options are read at call time, so inline functions are fine.
 */
export function useServerJob<I, J extends { id: string; status: string }>(options: ServerJobOptions<I, J>): ServerJobState<I, J> {
  const [job, setJob] = useState<J | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const mounted = useRef(true);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const fail = useCallback((caught: unknown, stage: ServerJobErrorStage) => {
    setRunning(false);
    setError(errorMessage(caught));
    latest.current.onError?.(caught, stage);
  }, []);

  const settle = useCallback((next: J, poll: (jobId: string) => void) => {
    setJob(next);
    if (isFinished(next)) {
      setRunning(false);
      latest.current.onFinished?.(next);
    } else {
      poll(next.id);
    }
  }, []);

  const poll = useCallback(
    (jobId: string) => {
      timer.current = setTimeout(() => {
        latest.current.read(jobId).then(
          (next) => {
            if (!mounted.current) return;
            settle(next, () => poll(jobId));
          },
          (caught: unknown) => {
            if (!mounted.current) return;
            fail(caught, 'poll');
          },
        );
      }, latest.current.pollMs);
    },
    [fail, settle],
  );

  const start = useCallback(
    async (input: I) => {
      clearTimeout(timer.current);
      setRunning(true);
      setError(null);
      let created: J;
      try {
        created = await latest.current.start(input);
      } catch (caught) {
        if (!mounted.current) return;
        fail(caught, 'start');
        return;
      }
      if (!mounted.current) return;
      settle(created, poll);
    },
    [fail, poll, settle],
  );

  return { job, running, error, start };
}
