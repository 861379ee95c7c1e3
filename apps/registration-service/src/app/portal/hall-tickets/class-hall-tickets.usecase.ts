import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  PORTAL_HALL_TICKET_MESSAGES,
  classHallTicketsFileName,
  type ClassHallTicketsJob,
  type DocumentBundle,
} from '@kbe/contracts';
import { randomBytes } from 'node:crypto';
import { CandidateDirectory } from '../../candidates/directory/candidate-directory';
import { CLOCK, type Clock } from '../../common/clock';
import { portalScopeOf, type PortalPrincipal } from '../portal-session';
import { bundleKeyOf, jobFingerprintOf, planClassHallTickets } from './class-hall-tickets';
import { CLASS_HALL_TICKETS_JOB_STORE, type ClassHallTicketsJobRecord, type ClassHallTicketsJobStore } from './class-hall-tickets-job.store';
import { DOCUMENT_BUNDLES, type BundleFile, type DocumentBundles } from './documents-bundles.client';

/** A job id as issued: 18 random bytes, base64url. */
export const CLASS_HALL_TICKETS_JOB_ID = /^[A-Za-z0-9_-]{24}$/;

/** The job as the portal shows it: this request's facts, the bundle's progress. */
export function classHallTicketsJobOf(job: ClassHallTicketsJobRecord, bundle: DocumentBundle): ClassHallTicketsJob {
  const skipped = [...new Set([...job.skipped, ...bundle.skippedCodes])].sort();
  const finishedAt = bundle.finishedAt && Date.parse(bundle.finishedAt) < job.createdAt.getTime() ? job.createdAt.toISOString() : bundle.finishedAt;
  return {
    id: job.jobId,
    status: bundle.status,
    total: job.candidateCodes.length - bundle.skippedCodes.length,
    rendered: bundle.rendered,
    skipped: { count: skipped.length, candidateCodes: skipped },
    createdAt: job.createdAt.toISOString(),
    finishedAt,
    fileName: classHallTicketsFileName(job.ownerCode),
  };
}

/**
 * A school's (or mentor's) class hall tickets: one PDF of every released hall ticket of their
 * pupils, in hall-ticket order (class-hall-tickets.ts), built by documents-service as a bundle.
 * The pupils come from the candidate directory's scope index (no collection read); asking again
 * while nothing changed answers the same job, and documents-service the PDF it built.
 */
@Injectable()
export class ClassHallTicketsUseCase {
  constructor(
    private readonly directory: CandidateDirectory,
    @Inject(CLASS_HALL_TICKETS_JOB_STORE) private readonly jobs: ClassHallTicketsJobStore,
    @Inject(DOCUMENT_BUNDLES) private readonly bundles: DocumentBundles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async request(principal: PortalPrincipal): Promise<ClassHallTicketsJob> {
    const plan = planClassHallTickets(this.directory.inScope(portalScopeOf(principal)) ?? []);
    if (plan.released.length === 0) throw new ConflictException(PORTAL_HALL_TICKET_MESSAGES.noneReleased);
    const bundleKey = bundleKeyOf(plan.released);
    const fingerprint = jobFingerprintOf(principal, bundleKey, plan.skipped);
    const candidateCodes = plan.released.map((entry) => entry.code);
    // documents-service answers at once with the bundle it has (or starts it): cheap to ask every time,
    // and a bundle it no longer has, or built with another template, is made again.
    const bundle = await this.bundles.request({ key: bundleKey, candidateCodes });
    const job =
      (await this.jobs.findByFingerprint(fingerprint)) ??
      (await this.jobs.create({
        jobId: randomBytes(18).toString('base64url'),
        fingerprint,
        role: principal.role,
        ownerCode: principal.code,
        bundleKey,
        candidateCodes,
        skipped: plan.skipped,
        createdAt: this.clock.now(),
      }));
    return classHallTicketsJobOf(job, bundle);
  }

  async status(principal: PortalPrincipal, jobId: string): Promise<ClassHallTicketsJob> {
    const job = await this.ownJob(principal, jobId);
    return classHallTicketsJobOf(job, await this.bundleOf(job));
  }

  /** The PDF once completed; 409 before (or after a failure). */
  async file(principal: PortalPrincipal, jobId: string): Promise<{ file: BundleFile; fileName: string }> {
    const job = await this.ownJob(principal, jobId);
    const bundle = await this.bundleOf(job);
    if (bundle.status === 'failed') throw new ConflictException(PORTAL_HALL_TICKET_MESSAGES.failed);
    const file = bundle.status === 'completed' ? await this.bundles.file(job.bundleKey) : null;
    if (!file) throw new ConflictException(PORTAL_HALL_TICKET_MESSAGES.notReady);
    return { file, fileName: classHallTicketsFileName(job.ownerCode) };
  }

  /** Another school's or mentor's job is not found, exactly as an unknown one. */
  private async ownJob(principal: PortalPrincipal, jobId: string): Promise<ClassHallTicketsJobRecord> {
    const job = await this.jobs.find(jobId);
    if (!job || job.ownerCode !== principal.code || job.role !== principal.role) {
      throw new NotFoundException(PORTAL_HALL_TICKET_MESSAGES.jobNotFound);
    }
    return job;
  }

  /** The bundle's progress; one documents-service no longer has is asked for again. */
  private async bundleOf(job: ClassHallTicketsJobRecord): Promise<DocumentBundle> {
    return (await this.bundles.status(job.bundleKey)) ?? this.bundles.request({ key: job.bundleKey, candidateCodes: job.candidateCodes });
  }
}
