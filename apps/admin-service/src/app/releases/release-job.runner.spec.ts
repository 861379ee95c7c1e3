import { Metrics, RELEASE_CANDIDATES } from '@kbe/server-metrics';
import { metricValue } from '@kbe/server-testing';
import type { AuditLog } from '../audit/audit-log';
import { queuedReleaseJob, type ReleaseJobRecord, type ReleaseJobRepository } from './release-job.repository';
import { RELEASE_BATCH_SIZE, RELEASE_BATCHES_IN_FLIGHT, ReleaseJobRunner, toReleaseJob } from './release-job.runner';
import type { ReleaseOutcome, ReleaseTarget } from './release-target';

class FakeJobs implements ReleaseJobRepository {
  readonly jobs = new Map<string, ReleaseJobRecord>();
  readonly progress: number[] = [];
  async create(job: ReleaseJobRecord) {
    this.jobs.set(job.jobId, structuredClone(job));
  }
  async find(jobId: string) {
    const job = this.jobs.get(jobId);
    return job ? structuredClone(job) : null;
  }
  async update(jobId: string, fields: Partial<ReleaseJobRecord>) {
    const job = this.jobs.get(jobId);
    if (!job) return;
    Object.assign(job, structuredClone(fields));
    if (fields.processed !== undefined) this.progress.push(fields.processed);
  }
  async unfinished() {
    return [...this.jobs.values()].filter((job) => job.status === 'queued' || job.status === 'running');
  }
}

/** Candidates by code: paid?, released?; releasing is idempotent like registration-service's conditional update. */
class FakeTarget implements ReleaseTarget {
  readonly released: string[] = [];
  failOnce = false;
  /** Most release calls seen unanswered at once. */
  mostAtOnce = 0;
  private atOnce = 0;
  constructor(readonly candidates: Map<string, { paid: boolean; released: boolean }>) {}
  /** Like registration-service: `search` narrows the list to codes starting with it. */
  private matching(filter: { search?: string }) {
    return [...this.candidates.keys()].sort().filter((code) => !filter.search || code.startsWith(filter.search));
  }
  async count(filter: { search?: string }) {
    return this.matching(filter).length;
  }
  async page(filter: { search?: string }, after: string | undefined, limit: number) {
    const codes = this.matching(filter).filter((code) => !after || code > after).slice(0, limit);
    return { codes, nextCursor: codes.length === limit ? (codes.at(-1) ?? null) : null };
  }
  async release(_kind: string, codes: string[]) {
    this.atOnce += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.atOnce);
    await new Promise((resolve) => setTimeout(resolve, 5));
    this.atOnce -= 1;
    if (this.failOnce) {
      this.failOnce = false;
      throw new Error('registration-service unreachable');
    }
    return codes.map((candidateCode) => {
      const candidate = this.candidates.get(candidateCode);
      let outcome: ReleaseOutcome;
      if (!candidate) outcome = 'not-found';
      else if (candidate.released) outcome = 'already-released';
      else if (!candidate.paid) outcome = 'fees-unpaid';
      else {
        candidate.released = true;
        this.released.push(candidateCode);
        outcome = 'released';
      }
      return { candidateCode, outcome };
    });
  }
}

function newJob(jobId: string): ReleaseJobRecord {
  return queuedReleaseJob({ jobId, kind: 'hall-ticket', filter: {}, requestedBy: 'chief', createdAt: new Date('2025-10-01T10:00:00Z') });
}

function setup(count: number) {
  const candidates = new Map<string, { paid: boolean; released: boolean }>();
  for (let i = 0; i < count; i += 1) {
    candidates.set(`KBE${String(100000 + i)}AAA`, { paid: i % 10 !== 0, released: i % 25 === 1 });
  }
  const jobs = new FakeJobs();
  const target = new FakeTarget(candidates);
  const audit = { record: jest.fn(async () => undefined) } as unknown as AuditLog;
  const metrics = new Metrics({ service: 'admin-service' });
  const runner = new ReleaseJobRunner(jobs, target, audit, { now: () => new Date('2025-10-01T10:05:00Z') }, { retryDelayMs: 1 }, metrics);
  return { jobs, target, runner, audit, metrics };
}

describe('ReleaseJobRunner', () => {
  it('releases every eligible candidate in batches, saving progress, and ends with exact counts', async () => {
    const { jobs, target, runner, metrics } = setup(450);
    await jobs.create(newJob('j1'));
    await runner.start('j1', '203.0.113.7');
    const job = toReleaseJob((await jobs.find('j1')) as ReleaseJobRecord);
    // 450 candidates: 45 unpaid (i % 10 == 0), 18 already released (i % 25 == 1), none both.
    expect(job).toMatchObject({
      status: 'completed',
      total: 450,
      processed: 450,
      percent: 100,
      released: 387,
      skipped: { count: 63, reasons: [{ reason: 'fees-unpaid', count: 45 }, { reason: 'already-released', count: 18 }] },
      failed: { count: 0, items: [] },
    });
    expect(jobs.progress).toEqual([RELEASE_BATCH_SIZE, 2 * RELEASE_BATCH_SIZE, 450]);
    expect(new Set(target.released).size).toBe(387);
    // Batches overlap, but progress is saved in code order (above).
    expect(target.mostAtOnce).toBe(RELEASE_BATCHES_IN_FLIGHT);
    // The metrics count candidates by kind and outcome, not by job.
    expect(await metricValue(metrics, RELEASE_CANDIDATES, { kind: 'hall-ticket', outcome: 'released' })).toBe(387);
    expect(await metricValue(metrics, RELEASE_CANDIDATES, { kind: 'hall-ticket', outcome: 'fees-unpaid' })).toBe(45);
    expect(await metricValue(metrics, RELEASE_CANDIDATES, { kind: 'hall-ticket', outcome: 'already-released' })).toBe(18);
  });

  it('changes nothing when run again after it finished', async () => {
    const { jobs, target, runner } = setup(120);
    await jobs.create(newJob('first'));
    await runner.start('first', 'ip');
    const releasedOnce = target.released.length;
    await jobs.create(newJob('again'));
    await runner.start('again', 'ip');
    expect(target.released).toHaveLength(releasedOnce);
    expect(toReleaseJob((await jobs.find('again')) as ReleaseJobRecord)).toMatchObject({ released: 0, skipped: { count: 120 } });
    // Starting a finished job does nothing either.
    await runner.start('first', 'ip');
    expect(target.released).toHaveLength(releasedOnce);
  });

  it('retries a batch registration-service could not take', async () => {
    const { jobs, target, runner } = setup(10);
    target.failOnce = true;
    await jobs.create(newJob('retry'));
    await runner.start('retry', 'ip');
    expect(toReleaseJob((await jobs.find('retry')) as ReleaseJobRecord)).toMatchObject({ status: 'completed', processed: 10 });
  });

  it('runs a job whose empty filter the database did not store (mongoose drops empty objects)', async () => {
    const { jobs, target, runner } = setup(30);
    const stored: Partial<ReleaseJobRecord> = newJob('no-filter');
    delete stored.filter;
    await jobs.create(stored as ReleaseJobRecord);
    await runner.start('no-filter', 'ip');
    expect(toReleaseJob((await jobs.find('no-filter')) as ReleaseJobRecord)).toMatchObject({ status: 'completed', total: 30, processed: 30, error: null });
    expect(target.released.length).toBeGreaterThan(0);
  });

  it('releases only the candidates matching the search', async () => {
    const { jobs, target, runner } = setup(30);
    await jobs.create({ ...newJob('search'), filter: { search: 'KBE10001' } });
    await runner.start('search', 'ip');
    expect(toReleaseJob((await jobs.find('search')) as ReleaseJobRecord)).toMatchObject({ status: 'completed', total: 10, processed: 10 });
    expect(target.released.every((code) => code.startsWith('KBE10001'))).toBe(true);
  });

  it('reports progress as a percentage below 100 until completed', () => {
    expect(toReleaseJob({ ...newJob('p'), status: 'running', total: 1000, processed: 400 }).percent).toBe(40);
    expect(toReleaseJob({ ...newJob('p'), status: 'running', total: 1000, processed: 1000 }).percent).toBe(99);
  });
});
