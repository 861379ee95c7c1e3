import { HttpException } from '@nestjs/common';
import { Metrics } from '@kbe/server-metrics';
import type { CandidateDirectory, CandidateDocumentData } from '../candidates/candidate-directory';
import { candidateDocumentData } from '../candidates/candidate-document-data.fixture';
import { candidateResult } from '../candidates/candidate-result.fixture';
import type { DocumentProvider } from '../documents/document-provider';
import type { AttemptLimiter } from '../downloads/attempt-limiter';
import { DownloadDocumentUseCase } from '../downloads/download-document.usecase';
import { CandidateResultUseCase } from './candidate-result.usecase';

/** In-memory limiter: `limit` failures per key lock it for `lockSeconds`. */
function memoryLimiter(limit: number, lockSeconds: number): AttemptLimiter {
  const failures = new Map<string, number>();
  const locks = new Map<string, number>();
  return {
    async status(keys, now) {
      const until = Math.max(0, ...keys.map((key) => locks.get(key) ?? 0));
      return {
        lockedFor: until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0,
        withFailures: new Set(keys.filter((key) => (failures.get(key) ?? 0) > 0)),
      };
    },
    async recordFailure(keys, now) {
      for (const key of keys) {
        const count = (failures.get(key) ?? 0) + 1;
        failures.set(key, count >= limit ? 0 : count);
        if (count >= limit) locks.set(key, now.getTime() + lockSeconds * 1000);
      }
      return keys.map((key) => ({ key, failures: failures.get(key) ?? 0, lockedUntil: locks.has(key) ? new Date(locks.get(key) ?? 0) : null }));
    },
    async reset(key) {
      failures.delete(key);
      return 0;
    },
  };
}

const slowdown = { slowdownAfter: 100, delayStepMs: 0, maxDelayMs: 0 };
const mains = candidateResult();
const advanced = candidateResult({ level: 'Advanced', score: 61, maxMarks: 150, rank: 40, medal: null, qualified: false, nextLevel: null });

function setup(found: CandidateDocumentData | null) {
  const directory: CandidateDirectory = { find: async () => found, file: async () => Buffer.from('jpeg') };
  const limiter = memoryLimiter(3, 900);
  const now = new Date('2027-02-11T10:00:00Z');
  const metrics = new Metrics({ service: 'documents-service' });
  const result = new CandidateResultUseCase(directory, limiter, { slowdown, now: () => now }, metrics);
  const documents = { pdf: async () => ({ pdf: Buffer.from('%PDF-1.7'), cached: false }) } as unknown as DocumentProvider;
  const download = new DownloadDocumentUseCase(directory, documents, limiter, { slowdown, now: () => now }, metrics);
  return { result, download };
}

async function answer(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException) return { status: error.getStatus(), message: (error.getResponse() as { message: string }).message };
    throw error;
  }
  return { status: 200, message: '' };
}

const request = { candidateCode: 'KBE123456ABC', motherName: 'meena patil', client: '203.0.113.1' };

describe('CandidateResultUseCase (the result through the downloads gate)', () => {
  it('answers the latest published result for the right name, or the level asked', async () => {
    const { result } = setup(candidateDocumentData({ results: [mains, advanced] }));
    expect(await result.execute(request)).toBe(advanced);
    expect(await result.execute({ ...request, level: 'Mains' })).toBe(mains);
  });

  it('answers 404 with a sentence when no result is published (for the level asked)', async () => {
    expect(await answer(setup(candidateDocumentData()).result.execute(request))).toEqual({ status: 404, message: 'No result of KBE123456ABC is published yet' });
    expect(await answer(setup(candidateDocumentData({ results: [mains] })).result.execute({ ...request, level: 'Advanced' }))).toEqual({
      status: 404,
      message: 'No result of KBE123456ABC is published for the Advanced level',
    });
    expect(await answer(setup(null).result.execute(request))).toEqual({ status: 404, message: 'Candidate not found' });
  });

  it("refuses a wrong mother's name and locks the candidate as a download does, for the downloads too", async () => {
    const { result, download } = setup(candidateDocumentData({ results: [mains] }));
    expect(await answer(result.execute({ ...request, motherName: 'wrong' }))).toMatchObject({ status: 403 });
    expect(await answer(download.execute({ ...request, kind: 'hall-ticket', motherName: 'wrong' }))).toMatchObject({ status: 403 });
    expect(await answer(result.execute({ ...request, motherName: 'wrong' }))).toMatchObject({ status: 403 });
    expect(await answer(result.execute(request))).toEqual({ status: 429, message: 'Too many failed attempts. Please try again in 15 minutes.' });
    expect(await answer(download.execute({ ...request, kind: 'hall-ticket' }))).toMatchObject({ status: 429 });
  });
});

describe('DownloadDocumentUseCase: a certificate of a kind not earned', () => {
  it('answers 404 with the sentence, without counting a failure', async () => {
    const released = candidateDocumentData({ certificateReleased: true, results: [advanced] });
    const { download } = setup(released);
    for (let i = 0; i < 4; i++) {
      expect(await answer(download.execute({ ...request, kind: 'certificate', certificateKind: 'merit' }))).toEqual({
        status: 404,
        message: 'No merit certificate: KBE123456ABC won no medal at the Advanced level',
      });
    }
    expect(await answer(download.execute({ ...request, kind: 'certificate' }))).toEqual({ status: 200, message: '' });
  });
});
