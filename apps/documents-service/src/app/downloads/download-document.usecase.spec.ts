import { HttpException } from '@nestjs/common';
import { DOWNLOAD_LOCKOUTS, Metrics } from '@kbe/server-metrics';
import type { CandidateDirectory, CandidateDocumentData } from '../candidates/candidate-directory';
import { candidateDocumentData } from '../candidates/candidate-document-data.fixture';
import type { DocumentProvider } from '../documents/document-provider';
import { addressKey, candidateKey, limitsOfKey, slowdownDelayMs, type AttemptLimiter } from './attempt-limiter';
import { DownloadDocumentUseCase } from './download-document.usecase';
import { addressLockedMessage, lockedMessage, RetryLaterException } from './download-gate';

const candidate = candidateDocumentData;

/** In-memory limiter with the same rules as the Mongo one (limit failures per key, then a lock; a lock spends them). */
function memoryLimiter(
  limitOf: number | ((key: string) => number),
  lockSeconds: number,
): AttemptLimiter & { failures: Map<string, number>; resets: string[]; writes: string[] } {
  const limit = typeof limitOf === 'number' ? () => limitOf : limitOf;
  const failures = new Map<string, number>();
  const locks = new Map<string, number>();
  const resets: string[] = [];
  const writes: string[] = [];
  return {
    failures,
    resets,
    writes,
    async status(keys, now) {
      const until = Math.max(0, ...keys.map((key) => locks.get(key) ?? 0));
      return {
        lockedFor: until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0,
        withFailures: new Set(keys.filter((key) => (failures.get(key) ?? 0) > 0)),
      };
    },
    async recordFailure(keys, now) {
      for (const key of keys) {
        writes.push(key);
        const count = (failures.get(key) ?? 0) + 1;
        failures.set(key, count);
        if (count >= limit(key)) {
          locks.set(key, now.getTime() + lockSeconds * 1000);
          failures.set(key, 0);
        }
      }
      return keys.map((key) => ({ key, failures: failures.get(key) ?? 0, lockedUntil: locks.has(key) ? new Date(locks.get(key) ?? 0) : null }));
    },
    async reset(key, now) {
      const until = locks.get(key) ?? 0;
      if (until > now.getTime()) return Math.ceil((until - now.getTime()) / 1000);
      resets.push(key);
      failures.delete(key);
      return 0;
    },
  };
}

/** Slowed from the 4th failure of an address, 100 ms more per failure, at most 250 ms. */
const slowdown = { slowdownAfter: 3, delayStepMs: 100, maxDelayMs: 250 };

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
  const slept: number[] = [];
  const metrics = new Metrics({ service: 'documents-service' });
  const useCase = new DownloadDocumentUseCase(directory, documents, limiter, { slowdown, now: () => now, sleep: async (ms) => void slept.push(ms) }, metrics);
  return { useCase, limiter, served, slept, metrics };
}

/** Download attempts refused because the candidate or the address was locked (the metric). */
async function lockouts(metrics: Metrics, key: 'candidate' | 'address'): Promise<number> {
  const { values } = await metrics.counter(DOWNLOAD_LOCKOUTS).get();
  return values.find((value) => value.labels['key'] === key)?.value ?? 0;
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
    const useCase = new DownloadDocumentUseCase(directory, documents, memoryLimiter(3, 900), { slowdown }, new Metrics({ service: 'documents-service' }));
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
    const useCase = new DownloadDocumentUseCase(directory, documents, memoryLimiter(3, 900), { slowdown }, new Metrics({ service: 'documents-service' }));
    await useCase.execute({ ...request, motherName: 'Meena Patil' });
    expect(lookups).toEqual(['memory']);
    expect((await statusOf(useCase.execute({ ...request, motherName: 'Someone Else' }))).status).toBe(403);
    expect(lookups).toEqual(['memory', 'memory', 'fresh']);
  });

  it('locks the candidate after repeated wrong names, even for the right name from another address', async () => {
    const { useCase, served, metrics } = setup();
    for (const client of ['a', 'b', 'c']) {
      expect((await statusOf(useCase.execute({ ...request, client, motherName: 'wrong' }))).status).toBe(403);
    }
    let error: unknown;
    await useCase.execute({ ...request, client: 'd', motherName: 'Meena Patil' }).catch((e: unknown) => (error = e));
    expect(error).toBeInstanceOf(RetryLaterException);
    expect((error as RetryLaterException).getStatus()).toBe(429);
    expect((error as RetryLaterException).retryAfterSeconds).toBe(900);
    expect(served).toEqual([]);
    expect(await lockouts(metrics, 'candidate')).toBe(1);
    expect(await lockouts(metrics, 'address')).toBe(0);
  });

  it('answers 429 to a locked candidate before anything the candidate lookup says, even its failure', async () => {
    const limiter = memoryLimiter(1, 900);
    await limiter.recordFailure(['candidate:KBE123456ABC'], new Date('2025-11-01T10:00:00Z'));
    const down: CandidateDirectory = { find: () => Promise.reject(new Error('registration-service is not reachable')), file: async () => Buffer.from('') };
    const locked = new DownloadDocumentUseCase(
      down,
      {} as DocumentProvider,
      limiter,
      { slowdown, now: () => new Date('2025-11-01T10:00:01Z') },
      new Metrics({ service: 'documents-service' }),
    );
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

  it('refuses the right name with 429 when the stored record holds a lock this replica has not heard of yet', async () => {
    const { useCase, limiter } = setup();
    await statusOf(useCase.execute({ ...request, client: 'b', motherName: 'wrong' }));
    // another replica's lock is stored, but this replica still knows only the earlier failure
    await limiter.recordFailure(Array(2).fill('candidate:KBE123456ABC'), new Date('2025-11-01T10:00:00Z'));
    limiter.status = async (keys) => ({ lockedFor: 0, withFailures: new Set(keys) });
    expect(await statusOf(useCase.execute({ ...request, motherName: 'Meena Patil' }))).toEqual({
      status: 429,
      message: 'Too many failed attempts. Please try again in 15 minutes.',
    });
    expect(limiter.resets).toEqual([]);
  });

  it('counts unknown codes against the client address only', async () => {
    const { useCase, limiter } = setup(null);
    await statusOf(useCase.execute({ ...request, motherName: 'x' }));
    expect([...limiter.failures.keys()]).toEqual(['client:203.0.113.1']);
  });

  describe('per client address: enumeration only, slowed down before it is refused', () => {
    /** Candidates KBE000001AAA.. with released hall tickets (mother: Meena Patil); any other code is unknown. */
    function lab(addressLockAfter = 8) {
      const codes = Array.from({ length: 60 }, (_, i) => `KBE${String(i + 1).padStart(6, '0')}AAA`);
      const directory: CandidateDirectory = {
        find: async (code) => (codes.includes(code) ? { ...candidate(), candidateCode: code } : null),
        file: async () => Buffer.from('jpeg'),
      };
      const served: string[] = [];
      const documents = { pdf: async (_kind: string, found: CandidateDocumentData) => (served.push(found.candidateCode), { pdf: Buffer.from('%PDF-1.7'), cached: true }) } as unknown as DocumentProvider;
      const limiter = memoryLimiter((key) => (key.startsWith('client:') ? addressLockAfter : 3), 900);
      const slept: number[] = [];
      const now = new Date('2025-11-01T10:00:00Z');
      const metrics = new Metrics({ service: 'documents-service' });
      const useCase = new DownloadDocumentUseCase(directory, documents, limiter, { slowdown, now: () => now, sleep: async (ms) => void slept.push(ms) }, metrics);
      const ask = (candidateCode: string, motherName: string, client = '100.64.0.1') =>
        statusOf(useCase.execute({ candidateCode, kind: 'hall-ticket', motherName, client }));
      return { codes, ask, limiter, slept, served, metrics };
    }

    it('slows an address down with a growing, capped delay, then refuses its failures (429, nothing said about the code)', async () => {
      const { ask, slept, limiter, metrics } = lab();
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push((await ask(`KBE9${String(i).padStart(5, '0')}ZZZ`, 'Guess')).status);
      expect(answers).toEqual([404, 404, 404, 404, 404, 404, 404]);
      // Failures 4 to 7 are beyond slowdownAfter (3): 100, 200, then the 250 ms cap.
      expect(slept).toEqual([100, 200, 250, 250]);

      const locked = await ask('KBE999999ZZZ', 'Guess');
      expect(locked).toEqual({ status: 429, message: addressLockedMessage(900) });
      // A wrong name of an existing candidate gets the same answer: the code's existence does not leak.
      expect(await ask('KBE000001AAA', 'Wrong Name')).toEqual({ status: 429, message: addressLockedMessage(900) });
      // ... and still counts against that candidate (the gate's own protection).
      expect(limiter.failures.get('candidate:KBE000001AAA')).toBe(1);
      // While the address is locked its failures are not even written.
      const writes = limiter.writes.length;
      for (let i = 0; i < 20; i++) expect((await ask('KBE999998ZZZ', 'Guess')).status).toBe(429);
      expect(limiter.writes.length).toBe(writes);
      expect(slept).toHaveLength(4);
      // Every refusal of the locked address is a lock-out (the failure that locked it included).
      expect(await lockouts(metrics, 'address')).toBe(22);
    });

    it("never refuses a correct name of an unlocked candidate because of its address's or other candidates' failures", async () => {
      const { ask, codes, served } = lab();
      for (let i = 0; i < 8; i++) await ask(`KBE9${String(i).padStart(5, '0')}ZZZ`, 'Guess');
      expect((await ask('KBE999999ZZZ', 'Guess')).status).toBe(429);
      // Another candidate of the same lab locked by wrong names.
      for (let i = 0; i < 3; i++) await ask('KBE000060AAA', 'Wrong Name', '198.51.100.9');
      expect((await ask('KBE000060AAA', 'Meena Patil')).status).toBe(429);

      for (const code of codes.slice(0, 59)) expect(await ask(code, 'Meena Patil')).toEqual({ status: 200, message: '' });
      expect(served).toEqual(codes.slice(0, 59));
    });

    it("counts a candidate's wrong names against the address only once (and the one that locks it): the lock is that candidate's", async () => {
      const { ask, limiter } = lab(1000);
      const answers: number[] = [];
      for (let i = 0; i < 50; i++) answers.push((await ask('KBE000007AAA', `Wrong ${i}`)).status);
      expect(answers.slice(0, 3)).toEqual([403, 403, 403]);
      expect(new Set(answers.slice(3))).toEqual(new Set([429]));
      expect(limiter.failures.get('client:100.64.0.1')).toBe(2);
      // Wrong names spread over many candidates from one address are enumeration: each counts.
      for (const code of ['KBE000010AAA', 'KBE000011AAA', 'KBE000012AAA', 'KBE000013AAA']) await ask(code, 'Guess');
      expect(limiter.failures.get('client:100.64.0.1')).toBe(6);
    });

    it('leaves other addresses alone', async () => {
      const { ask, slept } = lab();
      for (let i = 0; i < 8; i++) await ask(`KBE9${String(i).padStart(5, '0')}ZZZ`, 'Guess');
      expect(await ask('KBE999999ZZZ', 'Guess', '100.64.0.2')).toEqual({ status: 404, message: 'Candidate not found' });
      expect(await ask('KBE000001AAA', 'Wrong', '100.64.0.2')).toEqual({
        status: 403,
        message: "Mother's name does not match our records. Please check and try again.",
      });
      expect(slept).toHaveLength(4);
    });
  });

  it('grows the delay per failure beyond the threshold, up to its cap, and picks each key kind its limits', () => {
    const policy = { slowdownAfter: 100, delayStepMs: 20, maxDelayMs: 3000 };
    expect([0, 100, 101, 150, 250, 5000].map((failures) => slowdownDelayMs(failures, policy))).toEqual([0, 0, 20, 1000, 3000, 3000]);
    const candidateLimits = { limit: 5, windowSeconds: 900, lockoutSeconds: 900 };
    const addressLimits = { limit: 20000, windowSeconds: 3600, lockoutSeconds: 900, ...policy };
    const of = limitsOfKey({ candidate: candidateLimits, address: addressLimits });
    expect(of(candidateKey('KBE123456ABC'))).toBe(candidateLimits);
    expect(of(addressKey('100.64.0.1'))).toBe(addressLimits);
  });

  it('says when to try again', () => {
    expect(lockedMessage(900)).toBe('Too many failed attempts. Please try again in 15 minutes.');
    expect(lockedMessage(61)).toBe('Too many failed attempts. Please try again in 2 minutes.');
    expect(lockedMessage(60)).toBe('Too many failed attempts. Please try again in 1 minute.');
    expect(lockedMessage(30)).toBe('Too many failed attempts. Please try again in 30 seconds.');
    expect(lockedMessage(1)).toBe('Too many failed attempts. Please try again in 1 second.');
    expect(addressLockedMessage(900)).toBe(
      "These details could not be verified, and too many attempts from your network have failed. Please check the candidate code and your mother's name, or try again in 15 minutes.",
    );
  });
});
