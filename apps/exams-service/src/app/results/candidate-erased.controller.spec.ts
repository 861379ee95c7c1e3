import { createEventEnvelope } from '@kbe/contracts';
import { Logger } from '@nestjs/common';
import { CandidateErasedController } from './candidate-erased.controller';
import { EraseCandidateResultsUseCase } from './usecases/erase-candidate-results.usecase';

describe('CandidateErasedController (exams-service)', () => {
  /** A store of result rows by candidate code; the erasure removes a candidate's rows of every level. */
  function erasing(rows: Record<string, number>, failure?: Error) {
    const removeCandidate = async (code: string) => {
      if (failure) throw failure;
      const removed = rows[code] ?? 0;
      delete rows[code];
      return removed;
    };
    return new CandidateErasedController(new EraseCandidateResultsUseCase({ removeCandidate }));
  }
  const erased = (candidateCode: string) =>
    createEventEnvelope('candidate.erased', { candidateCode, erasedAt: '2026-01-10T10:00:00.000Z', reason: 'withdrawal' });

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("removes the erased candidate's results of every level, from an envelope or its JSON text, and keeps the others'", async () => {
    const rows = { KBE123456ABC: 2, KBE654321XYZ: 1, KBE111111KEP: 3 };
    const controller = erasing(rows);
    await controller.candidateErased(erased('KBE123456ABC'));
    await controller.candidateErased(` ${JSON.stringify(erased('KBE654321XYZ'))}`);
    expect(rows).toEqual({ KBE111111KEP: 3 });
    expect(jest.mocked(Logger.prototype.log).mock.calls.map(([line]) => line)).toEqual([
      expect.stringContaining('erased the results of KBE123456ABC (withdrawal'),
      expect.stringContaining('erased the results of KBE654321XYZ (withdrawal'),
    ]);
  });

  it('does nothing more when the event is delivered again', async () => {
    const rows = { KBE123456ABC: 2, KBE111111KEP: 3 };
    const controller = erasing(rows);
    const event = erased('KBE123456ABC');
    await controller.candidateErased(event);
    await controller.candidateErased(event);
    expect(rows).toEqual({ KBE111111KEP: 3 });
    expect(jest.mocked(Logger.prototype.log).mock.calls.at(-1)?.[0]).toContain('0 result row(s) removed');
  });

  it('logs and skips a malformed event', async () => {
    const rows = { KBE123456ABC: 2 };
    const controller = erasing(rows);
    const warn = jest.spyOn(Logger.prototype, 'warn');
    await controller.candidateErased({ ...erased('KBE123456ABC'), payload: { candidateCode: 'KBE123456ABC' } });
    await controller.candidateErased('not json');
    expect(rows).toEqual({ KBE123456ABC: 2 });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toContain('skipped a malformed candidate.erased event');
  });

  it('throws when the results cannot be removed, so Kafka delivers the event again', async () => {
    const controller = erasing({}, new Error('the database is not reachable'));
    await expect(controller.candidateErased(erased('KBE123456ABC'))).rejects.toThrow('the database is not reachable');
  });
});
