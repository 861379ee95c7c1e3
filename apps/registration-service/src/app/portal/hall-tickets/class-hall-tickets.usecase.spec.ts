import { ConflictException, NotFoundException } from '@nestjs/common';
import { PORTAL_HALL_TICKET_MESSAGES, type DocumentBundle, type DocumentBundleRequest } from '@kbe/contracts';
import { Readable } from 'node:stream';
import { CandidateDirectory } from '../../candidates/directory/candidate-directory';
import { entry, T0 } from '../../candidates/directory/directory-entry.fixture';
import type { PortalPrincipal } from '../portal-session';
import type { ClassHallTicketsJobRecord, ClassHallTicketsJobStore } from './class-hall-tickets-job.store';
import { ClassHallTicketsUseCase } from './class-hall-tickets.usecase';
import type { BundleFile, DocumentBundles } from './documents-bundles.client';

const school = (code: string): PortalPrincipal => ({ role: 'school', code, schoolCode: code, expiresAt: new Date(T0 + 3600_000), tokenHash: 'h' });
const mentor = (code: string, schoolCode: string): PortalPrincipal => ({ role: 'mentor', code, schoolCode, expiresAt: new Date(T0 + 3600_000), tokenHash: 'h' });
const seat = (seatNumber: string | null) => ({ sheet: { ...entry('x').sheet, seatNumber } });

class MemoryJobs implements ClassHallTicketsJobStore {
  readonly jobs: ClassHallTicketsJobRecord[] = [];
  async findByFingerprint(fingerprint: string) {
    return this.jobs.find((job) => job.fingerprint === fingerprint) ?? null;
  }
  async find(jobId: string) {
    return this.jobs.find((job) => job.jobId === jobId) ?? null;
  }
  async create(job: ClassHallTicketsJobRecord) {
    this.jobs.push(job);
    return job;
  }
}

/** documents-service as the portal sees it: bundles kept by key, completed when `complete` says so. */
class FakeBundles implements DocumentBundles {
  readonly requests: DocumentBundleRequest[] = [];
  readonly bundles = new Map<string, DocumentBundle>();
  async request(request: DocumentBundleRequest) {
    this.requests.push(request);
    const known = this.bundles.get(request.key);
    if (known) return known;
    const bundle: DocumentBundle = { key: request.key, status: 'queued', total: request.candidateCodes.length, rendered: 0, skippedCodes: [], createdAt: new Date(T0).toISOString(), finishedAt: null, size: null, error: null };
    this.bundles.set(request.key, bundle);
    return bundle;
  }
  async status(key: string) {
    return this.bundles.get(key) ?? null;
  }
  async file(key: string): Promise<BundleFile | null> {
    return this.bundles.get(key)?.status === 'completed' ? { stream: Readable.from([Buffer.from('%PDF-')]), size: 5 } : null;
  }
  complete(key: string) {
    const bundle = this.bundles.get(key);
    if (bundle) this.bundles.set(key, { ...bundle, status: 'completed', rendered: bundle.total, finishedAt: new Date(T0 + 60_000).toISOString(), size: 5 });
  }
}

function setUp() {
  const directory = new CandidateDirectory();
  directory.replaceAll(directory.ticket(), [
    entry('KBE000001AAA', { schoolCode: 'SCH-AAAAAA', mentorCode: 'MEN-AAAAA2', hallTicketReleased: true, ...seat('S-2') }),
    entry('KBE000002AAA', { schoolCode: 'SCH-AAAAAA', mentorCode: 'MEN-AAAAA3', hallTicketReleased: true, ...seat('S-1') }),
    entry('KBE000003AAA', { schoolCode: 'SCH-AAAAAA', mentorCode: 'MEN-AAAAA2' }),
    entry('KBE000005BBB', { schoolCode: 'SCH-BBBBBB', mentorCode: 'MEN-BBBBB2' }),
  ]);
  const jobs = new MemoryJobs();
  const bundles = new FakeBundles();
  const useCase = new ClassHallTicketsUseCase(directory, jobs, bundles, { now: () => new Date(T0) });
  return { directory, jobs, bundles, useCase };
}

describe("a school's or mentor's class hall tickets", () => {
  it("asks documents-service for the school's released pupils in seat order, and lists the others as skipped", async () => {
    const { useCase, bundles } = setUp();
    const job = await useCase.request(school('SCH-AAAAAA'));
    expect(bundles.requests.map((request) => request.candidateCodes)).toEqual([['KBE000002AAA', 'KBE000001AAA']]);
    expect(job).toMatchObject({ status: 'queued', total: 2, rendered: 0, skipped: { count: 1, candidateCodes: ['KBE000003AAA'] }, fileName: 'SCH-AAAAAA_hall-tickets.pdf', finishedAt: null });
    expect(job.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('answers the same job when asked again with nothing changed, completed once the bundle is', async () => {
    const { useCase, bundles, jobs } = setUp();
    const first = await useCase.request(school('SCH-AAAAAA'));
    bundles.complete(bundles.requests[0].key);
    const again = await useCase.request(school('SCH-AAAAAA'));
    expect(again).toMatchObject({ id: first.id, status: 'completed', rendered: 2 });
    expect(jobs.jobs).toHaveLength(1);
  });

  it('gives a mentor their own pupils only, as a job of their own', async () => {
    const { useCase, bundles } = setUp();
    const school_ = await useCase.request(school('SCH-AAAAAA'));
    const own = await useCase.request(mentor('MEN-AAAAA2', 'SCH-AAAAAA'));
    expect(bundles.requests[1].candidateCodes).toEqual(['KBE000001AAA']);
    expect(own).toMatchObject({ total: 1, skipped: { count: 1, candidateCodes: ['KBE000003AAA'] }, fileName: 'MEN-AAAAA2_hall-tickets.pdf' });
    await expect(useCase.status(mentor('MEN-AAAAA2', 'SCH-AAAAAA'), school_.id)).rejects.toBeInstanceOf(NotFoundException);
  });

  it("answers another school's job and its file as not found, as an unknown one", async () => {
    const { useCase } = setUp();
    const job = await useCase.request(school('SCH-AAAAAA'));
    for (const attempt of [useCase.status(school('SCH-BBBBBB'), job.id), useCase.file(school('SCH-BBBBBB'), job.id), useCase.status(school('SCH-AAAAAA'), 'A'.repeat(24))]) {
      await expect(attempt).rejects.toThrow(new NotFoundException(PORTAL_HALL_TICKET_MESSAGES.jobNotFound));
    }
  });

  it('refuses the file before the bundle is completed, and a school with no released hall ticket', async () => {
    const { useCase, bundles } = setUp();
    const job = await useCase.request(school('SCH-AAAAAA'));
    await expect(useCase.file(school('SCH-AAAAAA'), job.id)).rejects.toThrow(new ConflictException(PORTAL_HALL_TICKET_MESSAGES.notReady));
    bundles.complete(bundles.requests[0].key);
    await expect(useCase.file(school('SCH-AAAAAA'), job.id)).resolves.toMatchObject({ fileName: 'SCH-AAAAAA_hall-tickets.pdf' });
    await expect(useCase.request(school('SCH-BBBBBB'))).rejects.toThrow(new ConflictException(PORTAL_HALL_TICKET_MESSAGES.noneReleased));
  });

  it('asks again for a bundle documents-service no longer has', async () => {
    const { useCase, bundles } = setUp();
    const job = await useCase.request(school('SCH-AAAAAA'));
    bundles.bundles.clear();
    expect(await useCase.status(school('SCH-AAAAAA'), job.id)).toMatchObject({ id: job.id, status: 'queued' });
    expect(bundles.requests).toHaveLength(2);
  });

  it('makes a new job when a pupil is released', async () => {
    const { useCase, directory } = setUp();
    const first = await useCase.request(school('SCH-AAAAAA'));
    directory.apply(directory.ticket(), ['KBE000003AAA'], [entry('KBE000003AAA', { schoolCode: 'SCH-AAAAAA', mentorCode: 'MEN-AAAAA2', hallTicketReleased: true })]);
    const second = await useCase.request(school('SCH-AAAAAA'));
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ total: 3, skipped: { count: 0, candidateCodes: [] } });
  });
});
