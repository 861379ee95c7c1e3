import { act, renderHook } from '@testing-library/react';

import { useServerJob } from './use-server-job.hook';

interface Job {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
}

const POLL_MS = 100;

function setup(reads: Array<Job | Error>, first: Job | Error = { id: 'j1', status: 'queued' }) {
  const start = jest.fn((_input: string) => (first instanceof Error ? Promise.reject(first) : Promise.resolve(first)));
  const read = jest.fn((_id: string) => {
    const next = reads.shift() ?? { id: 'j1', status: 'running' };
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  const onFinished = jest.fn();
  const onError = jest.fn();
  const hook = renderHook(() => useServerJob<string, Job>({ start, read, pollMs: POLL_MS, onFinished, onError }));
  return { hook, start, read, onFinished, onError };
}

/** Lets the pending timer fire and the read it makes settle. */
async function tick() {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(POLL_MS);
  });
}

describe('useServerJob', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts the job, polls every pollMs and stops when it completes', async () => {
    const { hook, start, read, onFinished, onError } = setup([
      { id: 'j1', status: 'running' },
      { id: 'j1', status: 'completed' },
    ]);

    await act(() => hook.result.current.start('input'));
    expect(start).toHaveBeenCalledWith('input');
    expect(hook.result.current.running).toBe(true);
    expect(hook.result.current.job).toEqual({ id: 'j1', status: 'queued' });
    expect(read).not.toHaveBeenCalled();

    await tick();
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith('j1');
    expect(hook.result.current.job?.status).toBe('running');
    expect(hook.result.current.running).toBe(true);

    await tick();
    expect(read).toHaveBeenCalledTimes(2);
    expect(hook.result.current.job?.status).toBe('completed');
    expect(hook.result.current.running).toBe(false);
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(onFinished).toHaveBeenCalledWith({ id: 'j1', status: 'completed' });
    expect(onError).not.toHaveBeenCalled();

    await tick();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('finishes at once when the started job is already finished', async () => {
    const { hook, read, onFinished } = setup([], { id: 'j1', status: 'failed' });

    await act(() => hook.result.current.start('input'));
    expect(hook.result.current.running).toBe(false);
    expect(onFinished).toHaveBeenCalledWith({ id: 'j1', status: 'failed' });

    await tick();
    expect(read).not.toHaveBeenCalled();
  });

  it('stops on a failed poll, keeping its message as the error', async () => {
    const boom = new Error('Server unavailable');
    const { hook, read, onFinished, onError } = setup([boom]);

    await act(() => hook.result.current.start('input'));
    await tick();
    expect(hook.result.current.running).toBe(false);
    expect(hook.result.current.error).toBe('Server unavailable');
    expect(onError).toHaveBeenCalledWith(boom, 'poll');
    expect(onFinished).not.toHaveBeenCalled();

    await tick();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reports a refused start and clears the error on the next start', async () => {
    const refused = new Error('An allocation is already running');
    const { hook, start, onError } = setup([{ id: 'j1', status: 'completed' }], refused);

    await act(() => hook.result.current.start('input'));
    expect(hook.result.current.running).toBe(false);
    expect(hook.result.current.error).toBe('An allocation is already running');
    expect(onError).toHaveBeenCalledWith(refused, 'start');

    start.mockResolvedValueOnce({ id: 'j1', status: 'queued' });
    await act(() => hook.result.current.start('again'));
    expect(hook.result.current.error).toBeNull();
    expect(hook.result.current.running).toBe(true);
  });

  it('stops polling when unmounted', async () => {
    const { hook, read, onFinished } = setup([{ id: 'j1', status: 'completed' }]);

    await act(() => hook.result.current.start('input'));
    hook.unmount();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(POLL_MS * 5);
    });
    expect(read).not.toHaveBeenCalled();
    expect(onFinished).not.toHaveBeenCalled();
  });
});
