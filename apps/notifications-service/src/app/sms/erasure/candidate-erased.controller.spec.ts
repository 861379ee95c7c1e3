import { createEventEnvelope } from '@kbe/contracts';
import { Logger } from '@nestjs/common';
import { CandidateErasedController } from './candidate-erased.controller';
import type { EraseCandidateSmsUseCase } from './erase-candidate-sms.usecase';

describe('CandidateErasedController', () => {
  function erasing(execute: (code: string) => Promise<{ cancelled: number; deadLetters: number; receipts: number }>) {
    const erased: string[] = [];
    const useCase = {
      execute: async (code: string) => {
        erased.push(code);
        return execute(code);
      },
    } as Pick<EraseCandidateSmsUseCase, 'execute'> as EraseCandidateSmsUseCase;
    return { controller: new CandidateErasedController(useCase), erased };
  }
  const nothingLeft = async () => ({ cancelled: 0, deadLetters: 0, receipts: 0 });
  const erasedEvent = (candidateCode: string, reason: 'withdrawal' | 'request' | 'retention' = 'withdrawal') =>
    createEventEnvelope('candidate.erased', { candidateCode, erasedAt: '2026-01-10T10:00:00.000Z', reason });

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("erases the candidate's SMS data for every reason, from an envelope or its JSON text, and logs what it took out", async () => {
    const { controller, erased } = erasing(async () => ({ cancelled: 1, deadLetters: 2, receipts: 3 }));
    const log = jest.spyOn(Logger.prototype, 'log');
    await controller.candidateErased(erasedEvent('KBE123456ABC'));
    await controller.candidateErased(` ${JSON.stringify(erasedEvent('KBE654321XYZ', 'request'))}`);
    await controller.candidateErased(erasedEvent('KBE111111RET', 'retention'));
    expect(erased).toEqual(['KBE123456ABC', 'KBE654321XYZ', 'KBE111111RET']);
    expect(log.mock.calls[0]?.[0]).toContain('1 message(s) cancelled before sending, 2 dead letter(s) and 3 provider receipt(s) masked');
    expect(log.mock.calls.map(([line]) => String(line)).join('\n')).not.toMatch(/\d{10}/);
  });

  it('logs and skips a malformed event', async () => {
    const { controller, erased } = erasing(nothingLeft);
    const warn = jest.spyOn(Logger.prototype, 'warn');
    await controller.candidateErased({ ...erasedEvent('KBE123456ABC'), payload: { candidateCode: 'KBE123456ABC' } });
    await controller.candidateErased({ ...erasedEvent('KBE123456ABC'), topic: 'candidate.changed' });
    await controller.candidateErased('not json');
    await controller.candidateErased(undefined);
    expect(erased).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn.mock.calls[0]?.[0]).toContain('skipped a malformed candidate.erased event');
  });

  it('throws when the erasure fails, so Kafka delivers the event again', async () => {
    const { controller } = erasing(async () => {
      throw new Error('the database is not reachable');
    });
    await expect(controller.candidateErased(erasedEvent('KBE123456ABC'))).rejects.toThrow('the database is not reachable');
  });
});
