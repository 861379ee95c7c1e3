import { HttpException } from '@nestjs/common';
import type { CandidateDirectory, CandidateDocumentData } from '../candidates/candidate-directory';
import { candidateDocumentData } from '../candidates/candidate-document-data.fixture';
import type { DocumentProvider } from '../documents/document-provider';
import type { AttemptLimiter } from './attempt-limiter';
import { DownloadDocumentUseCase, lockedMessage, RetryLaterException } from './download-document.usecase';

const candidate = candidateDocumentData;

/** In-memory limiter with the same rules as the Mongo one (limit failures, then a lock). */
function memoryLimiter(limit: number, lockSeconds: number): AttemptLimiter & { failures: Map<string, number>; resets: string[] } {
  const failures = new Map<string, number>();
  const locks = new Map<string, number>();
  const resets: string[] = [];
  return {
    failures,
    resets,
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
        failures.set(key, count);
        if (count >= limit) {
          locks.set(key, now.getTime() + lockSeconds * 1000);
          failures.set(key, 0);
        }
      }
      return keys.map((key) => ({ key, failures: failures.get(key) ?? 0, lockedUntil: locks.has(key) ? new Date(locks.get(key) ?? 0) : null }));
    },
    async reset(key) {
      resets.push(key);
      failures.delete(key);
    },
  };
}

function setup(found: CandidateDocumentData | null = candidate()) {
  const directory: CandidateDirectory = { find: async () => found, file: async () => Buffer.from('jpeg') };
  const served: string[] = [];
  const documents = {
    pdf: async (kind: string) => {
      served.push(kind);
      return { pdf: Buffer.from('%PDF-1.7'), cached: false };
    },
  } as unknown as DocumentProvider;
  const limiter = memoryLimiter(3, 900);
  const now = new Date('2025-11-01T10:00:00Z');
  const useCase = new DownloadDocumentUseCase(directory, documents, limiter, () => now);
  return { useCase, limiter, served };
}

async function statusOf(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException) {
      const body = error.getResponse() as { message?: string } | string;
      return { status: error.getStatus(), message: typeof body === 'string' ? body : (body.message ?? '') };
    }
    throw error;
  }
  return { status: 200, message: '' };
}

const request = { candidateCode: 'KBE123456ABC', kind: 'hall-ticket' as const, client: '203.0.113.1' };

describe('DownloadDocumentUseCase', () => {
  it('serves a released document for the name in any case, spacing and Unicode form, with the spec file name', async () => {
    const { useCase, served } = setup();
    const result = await useCase.execute({ ...request, motherName: '  MEENA patil ' });
    expect(result.fileName).toBe('KBE123456ABC_hallticket.pdf');
    expect(served).toEqual(['hall-ticket']);
  });

  it('answers 404, 403 and 409 with the section 8 texts', async () => {
    expect(await statusOf(setup(null).useCase.execute({ ...request, motherName: 'x' }))).toEqual({ status: 404, message: 'Candidate not found' });
    expect(await statusOf(setup().useCase.execute({ ...request, motherName: 'Meena Pati' }))).toEqual({
      status: 403,
      message: "Mother's name does not match our records. Please check and try again.",
    });
    expect(await statusOf(setup().useCase.execute({ ...request, kind: 'certificate', motherName: 'Meena Patil' }))).toEqual({
      status: 409,
      message: 'Your certificate has not been released yet. Please check back later.',
    });
  });

  it('serves a document released after its copy was kept in memory, its change event still on the way', async () => {
    const stale = { ...candidate(), hallTicketReleased: false };
    const lookups: string[] = [];
    const directory: CandidateDirectory = {
      find: async () => (lookups.push('memory'), stale),
      findFresh: async () => (lookups.push('fresh'), candidate()),
      file: async () => Buffer.from('jpeg'),
    };
    const served: string[] = [];
    const documents = { pdf: async (kind: string) => (served.push(kind), { pdf: Buffer.from('%PDF-1.7'), cached: false }) } as unknown as DocumentProvider;
    const useCase = new DownloadDocumentUseCase(directory, documents, memoryLimiter(3, 900));
    const result = await useCase.execute({ ...request, motherName: 'Meena Patil' });
    expect(result.fileName).toBe('KBE123456ABC_hallticket.pdf');
    expect(served).toEqual(['hall-ticket']);
    expect(lookups).toEqual(['memory', 'fresh']);
  });

  it('refuses only what the fresh record refuses too, and asks for it only to refuse', async () => {
    const lookups: string[] = [];
    const directory: CandidateDirectory = {
      find: async () => (lookups.push('memory'), candidate()),
      findFresh: async () => (lookups.push('fresh'), candidate()),
      file: async () => Buffer.from('jpeg'),
    };
    const documents = { pdf: async () => ({ pdf: Buffer.from('%PDF-1.7'), cached: true }) } as unknown as DocumentProvider;
    const useCase = new DownloadDocumentUseCase(directory, documents, memoryLimiter(3, 900));
    await useCase.execute({ ...request, motherName: 'Meena Patil' });
    expect(lookups).toEqual(['memory']);
    expect((await statusOf(useCase.execute({ ...request, motherName: 'Someone Else' }))).status).toBe(403);
    expect(lookups).toEqual(['memory', 'memory', 'fresh']);
  });

  it('locks the candidate after repeated wrong names, even for the right name from another address', async () => {
    const { useCase, served } = setup();
    for (const client of ['a', 'b', 'c']) {
      expect((await statusOf(useCase.execute({ ...request, client, motherName: 'wrong' }))).status).toBe(403);
    }
    let error: unknown;
    await useCase.execute({ ...request, client: 'd', motherName: 'Meena Patil' }).catch((e: unknown) => (error = e));
    expect(error).toBeInstanceOf(RetryLaterException);
    expect((error as RetryLaterException).getStatus()).toBe(429);
    expect((error as RetryLaterException).retryAfterSeconds).toBe(900);
    expect(served).toEqual([]);
  });

  it('answers 429 to a locked client before anything the candidate lookup says, even its failure', async () => {
    const limiter = memoryLimiter(1, 900);
    await limiter.recordFailure(['client:203.0.113.1'], new Date('2025-11-01T10:00:00Z'));
    const down: CandidateDirectory = { find: () => Promise.reject(new Error('registration-service is not reachable')), file: async () => Buffer.from('') };
    const locked = new DownloadDocumentUseCase(down, {} as DocumentProvider, limiter, () => new Date('2025-11-01T10:00:01Z'));
    expect(await statusOf(locked.execute({ ...request, motherName: 'Meena Patil' }))).toEqual({
      status: 429,
      message: 'Too many failed attempts. Please try again in 15 minutes.',
    });
  });

  it('writes to the limiter on success only when the candidate has failures to forget', async () => {
    const { useCase, limiter } = setup();
    await useCase.execute({ ...request, motherName: 'Meena Patil' });
    expect(limiter.resets).toEqual([]);
    await statusOf(useCase.execute({ ...request, client: 'b', motherName: 'wrong' }));
    await useCase.execute({ ...request, motherName: 'Meena Patil' });
    expect(limiter.resets).toEqual(['candidate:KBE123456ABC']);
    expect(limiter.failures.has('candidate:KBE123456ABC')).toBe(false);
  });

  it('counts unknown codes against the client address only', async () => {
    const { useCase, limiter } = setup(null);
    await statusOf(useCase.execute({ ...request, motherName: 'x' }));
    expect([...limiter.failures.keys()]).toEqual(['client:203.0.113.1']);
  });

  it('says when to try again', () => {
    expect(lockedMessage(900)).toBe('Too many failed attempts. Please try again in 15 minutes.');
    expect(lockedMessage(61)).toBe('Too many failed attempts. Please try again in 2 minutes.');
    expect(lockedMessage(60)).toBe('Too many failed attempts. Please try again in 1 minute.');
    expect(lockedMessage(30)).toBe('Too many failed attempts. Please try again in 30 seconds.');
  });
});
