import { createEventEnvelope } from '@kbe/contracts';
import { Logger } from '@nestjs/common';
import { CandidateErasedController } from './candidate-erased.controller';
import { EraseCandidateDocumentsUseCase } from './erase-candidate-documents.usecase';

describe('CandidateErasedController', () => {
  function erasing(removeCandidate: (code: string) => Promise<number> = async () => 2) {
    const forgotten: string[] = [];
    const forget = (what: string) => (code: string) => void forgotten.push(`${what} ${code}`);
    const erase = new EraseCandidateDocumentsUseCase(
      { forgetCandidate: forget('pdfs'), removeCandidate },
      { forget: forget('files') },
      { forget: forget('candidate') },
    );
    return { controller: new CandidateErasedController(erase), forgotten };
  }
  const erased = (candidateCode: string) =>
    createEventEnvelope('candidate.erased', { candidateCode, erasedAt: '2026-01-10T10:00:00.000Z', reason: 'withdrawal' });

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("forgets the candidate's copies in memory and removes its PDFs, from an envelope or its JSON text", async () => {
    const removed: string[] = [];
    const { controller, forgotten } = erasing(async (code) => {
      removed.push(code);
      return 2;
    });
    await controller.candidateErased(erased('KBE123456ABC'));
    await controller.candidateErased(` ${JSON.stringify(erased('KBE654321XYZ'))}`);
    expect(forgotten).toEqual([
      'pdfs KBE123456ABC',
      'files KBE123456ABC',
      'candidate KBE123456ABC',
      'pdfs KBE654321XYZ',
      'files KBE654321XYZ',
      'candidate KBE654321XYZ',
    ]);
    expect(removed).toEqual(['KBE123456ABC', 'KBE654321XYZ']);
  });

  it('logs and skips a malformed event', async () => {
    const { controller, forgotten } = erasing();
    const warn = jest.spyOn(Logger.prototype, 'warn');
    await controller.candidateErased({ ...erased('KBE123456ABC'), payload: { candidateCode: 'KBE123456ABC' } });
    await controller.candidateErased('not json');
    expect(forgotten).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toContain('skipped a malformed candidate.erased event');
  });

  it('throws when the PDFs cannot be removed, so Kafka delivers the event again', async () => {
    const { controller } = erasing(async () => {
      throw new Error('MinIO is not reachable');
    });
    await expect(controller.candidateErased(erased('KBE123456ABC'))).rejects.toThrow('MinIO is not reachable');
  });
});
