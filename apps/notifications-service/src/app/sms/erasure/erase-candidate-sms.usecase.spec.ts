import { EraseCandidateSmsUseCase } from './erase-candidate-sms.usecase';
import type { InflightErasurePass, OutcomeErasure } from './sms-erasure.repository';

describe('EraseCandidateSmsUseCase', () => {
  /** A delivery log whose in-flight passes answer `passes` in turn (the last one again after that). */
  function erasing(passes: InflightErasurePass[], waitMs = 10_000) {
    const calls: string[] = [];
    let clock = 0;
    let next = 0;
    const records = {
      cancelInflight: async (code: string) => {
        calls.push(`in-flight ${code}`);
        return passes[Math.min(next++, passes.length - 1)] as InflightErasurePass;
      },
      scrubOutcomes: async (code: string): Promise<OutcomeErasure> => {
        calls.push(`outcomes ${code}`);
        return { deadLetters: 1, receipts: 2 };
      },
    };
    const sleep = async (ms: number) => {
      calls.push(`wait ${ms}`);
      clock += ms;
    };
    return { useCase: new EraseCandidateSmsUseCase(records, { waitMs, pollMs: 500, sleep, now: () => clock }), calls };
  }

  it('cancels the messages in flight, then masks the dead letters and receipts', async () => {
    const { useCase, calls } = erasing([{ cancelled: 2, held: [], changed: false }]);
    await expect(useCase.execute('KBE123456ABC')).resolves.toEqual({ cancelled: 2, deadLetters: 1, receipts: 2 });
    expect(calls).toEqual(['in-flight KBE123456ABC', 'outcomes KBE123456ABC']);
  });

  it('waits until no live sender holds a chunk with its messages (or a chunk changed under it) before the outcomes', async () => {
    const { useCase, calls } = erasing([
      { cancelled: 1, held: ['chunk-1'], changed: false },
      { cancelled: 0, held: [], changed: true },
      { cancelled: 1, held: [], changed: false },
    ]);
    await expect(useCase.execute('KBE123456ABC')).resolves.toEqual({ cancelled: 2, deadLetters: 1, receipts: 2 });
    expect(calls).toEqual(['in-flight KBE123456ABC', 'wait 500', 'in-flight KBE123456ABC', 'wait 500', 'in-flight KBE123456ABC', 'outcomes KBE123456ABC']);
  });

  it('gives up after waiting its time for a sender, without the outcomes (the event comes again)', async () => {
    const { useCase, calls } = erasing([{ cancelled: 1, held: ['chunk-1'], changed: false }], 1_000);
    await expect(useCase.execute('KBE123456ABC')).rejects.toThrow('SMS to KBE123456ABC are still being sent (in-flight chunk chunk-1)');
    expect(calls).not.toContain('outcomes KBE123456ABC');
    expect(calls.filter((call) => call.startsWith('wait'))).toHaveLength(2);
  });
});
