import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { type ExamLevel, type KbeCategory, type Seat, type SeatingCandidate } from '@kbe/contracts';
import { InternalCallError } from '@kbe/server-auth';
import { errorMessage } from '@kbe/server-bootstrap';
import { allocateSeats, type AllocationCentre, type ExistingSeat } from '../allocation/allocate-seats';
import { CENTRE_EDITION } from '../centres/centre-edition.provider';
import { CENTRE_REPOSITORY, type CentreRepository } from '../centres/centre.repository';
import { SEAT_REPOSITORY, type SeatRecord, type SeatRepository } from './seat.repository';
import {
  SEAT_ALLOCATION_JOB_REPOSITORY,
  UNSEATED_ITEMS_KEPT,
  type SeatAllocationJobRecord,
  type SeatAllocationJobRepository,
} from './seat-allocation-job.repository';
import { SEATING_SOURCE, type SeatingSource } from './seating.source';

/** How long a job's hold on its level lasts without renewal (renewed at every step). */
export const ALLOCATION_LOCK_MS = 5 * 60_000;
/** Seats per hand-over call: a few seconds of registration-service's work each, well within the call's timeout. */
export const HAND_OVER_BATCH = 250;
/** Tries per hand-over batch; sending a batch again is harmless (what is stored answers `unchanged`). */
const HAND_OVER_ATTEMPTS = 3;

/**
 * Runs seat allocation jobs in this process. A job reads the level's candidates from
 * registration-service, keeps every seat already given (by an allocation, or typed by an admin:
 * those candidates are counted, not seated again), seats the rest with `allocateSeats`, stores the
 * new seats (unique per seat and roll number: capacity holds whatever races) and hands every seat
 * registration-service does not show yet over to it, in batches, counting progress. A dry run
 * stops before storing and reports the plan. One job per level at a time (a lock renewed as it
 * runs). A job a stopped process left unfinished is marked failed: running it again is safe, since
 * an allocation seats only the unseated.
 */
@Injectable()
export class SeatAllocationRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SeatAllocationRunner.name);
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    @Inject(SEAT_ALLOCATION_JOB_REPOSITORY) private readonly jobs: SeatAllocationJobRepository,
    @Inject(SEAT_REPOSITORY) private readonly seats: SeatRepository,
    @Inject(CENTRE_REPOSITORY) private readonly centres: CentreRepository,
    @Inject(SEATING_SOURCE) private readonly source: SeatingSource,
    @Inject(CENTRE_EDITION) private readonly edition: number,
  ) {}

  /** Starts the job in the background (once); the promise settles when it ends. */
  start(jobId: string): Promise<void> {
    let run = this.running.get(jobId);
    if (!run) {
      run = this.run(jobId).finally(() => this.running.delete(jobId));
      this.running.set(jobId, run);
    }
    return run;
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const job of await this.jobs.unfinished()) {
      // another replica's job may be running: only a job whose level's lock has lapsed was stopped
      if (await this.jobs.lock(job.level, job._id, new Date(), new Date())) {
        await this.jobs.update(job._id, { status: 'failed', finishedAt: new Date(), error: 'Stopped by a restart of exams-service; run the allocation again (it seats only the unseated).' });
        await this.jobs.unlock(job.level, job._id);
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  private async run(jobId: string): Promise<void> {
    const job = await this.jobs.find(jobId);
    if (!job || job.status !== 'queued') return;
    const hold = () => this.jobs.lock(job.level, jobId, new Date(), new Date(Date.now() + ALLOCATION_LOCK_MS));
    try {
      if (!(await hold())) throw new Error(`Another seat allocation of ${job.level} is running; try again when it ends.`);
      await this.jobs.update(jobId, { status: 'running' });
      await this.allocate(job, hold);
    } catch (error) {
      const message = errorMessage(error);
      this.logger.error(`Seat allocation ${jobId} (${job.level}) stopped: ${message}`);
      await this.jobs.update(jobId, { status: 'failed', finishedAt: new Date(), error: message });
    } finally {
      await this.jobs.unlock(job.level, jobId).catch(() => undefined);
    }
  }

  private async allocate(job: SeatAllocationJobRecord, hold: () => Promise<boolean>): Promise<void> {
    const level = job.level;
    const candidates = await this.candidatesOf(level);
    const eligible = candidates.filter((candidate) => candidate.feesPaid && candidate.consent === 'given');
    // a seat number without a roll number was typed by an admin: kept, and counted
    const manual = eligible.filter((candidate) => candidate.seatNumber !== null && candidate.rollNumber === null);
    const centres = (await this.centres.ofEdition(this.edition)).map((centre): AllocationCentre => ({ ...centre }));
    const byCode = new Map(candidates.map((candidate) => [candidate.candidateCode, candidate]));
    let existing = await this.seats.ofLevel(level);
    // a re-seat frees every allocated seat whose hall ticket is not out yet
    const moved = job.reseat ? existing.filter((seat) => !byCode.get(seat.candidateCode)?.hallTicketReleased) : [];
    if (moved.length > 0) {
      const movedCodes = new Set(moved.map((seat) => seat.candidateCode));
      existing = existing.filter((seat) => !movedCodes.has(seat.candidateCode));
    }
    const seated = new Set([...existing.map((seat) => seat.candidateCode), ...manual.map((candidate) => candidate.candidateCode)]);
    const plan = allocateSeats({
      level,
      centres,
      candidates: eligible
        .filter((candidate) => !seated.has(candidate.candidateCode))
        .map((candidate) => ({ ...candidate, category: candidate.category as KbeCategory })),
      existing: existing.map((seat): ExistingSeat => ({ ...seat, manual: false })),
    });
    const report: Partial<SeatAllocationJobRecord> = {
      total: eligible.length,
      seated: plan.seats.length,
      kept: { allocated: plan.kept.allocated, manual: manual.length },
      unseatedCount: plan.unseated.length,
      unseatedItems: plan.unseated.slice(0, UNSEATED_ITEMS_KEPT),
      rooms: plan.rooms,
    };
    if (job.dryRun) {
      await this.jobs.update(job._id, { ...report, processed: eligible.length, status: 'completed', finishedAt: new Date() });
      return;
    }
    // the rooms' report (thousands of rooms) is stored once, at the end: progress updates stay small
    const { rooms, ...progress } = report;
    if (!(await hold())) throw new Error('The allocation lost its hold on the level; run it again.');
    const now = new Date();
    if (moved.length > 0) await this.seats.remove(level, moved.map((seat) => seat.candidateCode));
    await this.seats.insert(level, plan.seats, job._id, now);
    const stored: SeatRecord[] = [...existing, ...plan.seats.map((seat) => ({ ...seat, level, jobId: job._id, allocatedAt: now, absent: null, attendanceRecordedAt: null }))];
    const reseated = new Set(plan.seats.map((seat) => seat.candidateCode));
    const cleared = moved.map((seat) => seat.candidateCode).filter((code) => !reseated.has(code));
    // every seat registration-service does not show yet: the new ones, and any an earlier job could not hand over
    // (a seat of a candidate since deleted stays, holding its place, and is not sent)
    const centreOf = new Map(centres.map((centre) => [centre.code, centre]));
    const needsHandOver = (seat: SeatRecord) => {
      const candidate = byCode.get(seat.candidateCode);
      return candidate !== undefined && candidate.rollNumber !== seat.rollNumber;
    };
    const toSend = stored.filter(needsHandOver).map((seat) => seatFor(seat, centreOf.get(seat.centreCode)));
    let processed = eligible.length - toSend.length;
    await this.jobs.update(job._id, { ...progress, processed: Math.max(0, processed) });
    for (let i = 0; i < Math.max(toSend.length, cleared.length); i += HAND_OVER_BATCH) {
      const batch = toSend.slice(i, i + HAND_OVER_BATCH);
      await this.handOver(batch, cleared.slice(i, i + HAND_OVER_BATCH));
      processed += batch.length;
      await hold();
      await this.jobs.update(job._id, { processed: Math.min(eligible.length, Math.max(0, processed)) });
    }
    await this.jobs.update(job._id, { rooms, processed: eligible.length, status: 'completed', finishedAt: new Date() });
  }

  /** One batch to registration-service, tried again after a timeout or a failure on its side. */
  private async handOver(seats: readonly Seat[], cleared: readonly string[]): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.source.assign(seats, cleared);
        return;
      } catch (error) {
        const retriable = !(error instanceof InternalCallError) || error.status === null || error.status >= 500;
        if (!retriable || attempt >= HAND_OVER_ATTEMPTS) throw error;
        this.logger.warn(`seats not handed over (try ${attempt} of ${HAND_OVER_ATTEMPTS}), trying again: ${errorMessage(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
      }
    }
  }

  private async candidatesOf(level: ExamLevel): Promise<SeatingCandidate[]> {
    const all: SeatingCandidate[] = [];
    for await (const page of this.source.candidates()) all.push(...page.filter((candidate) => candidate.level === level));
    return all;
  }
}

/** A stored seat as registration-service takes it (the centre's name and address printed on the hall ticket). */
function seatFor(seat: SeatRecord, centre: AllocationCentre | undefined): Seat {
  return {
    candidateCode: seat.candidateCode,
    rollNumber: seat.rollNumber,
    level: seat.level,
    centreCode: seat.centreCode,
    centreName: centre?.name ?? seat.centreCode,
    centreAddress: centre?.address ?? '',
    room: seat.room,
    seatInRoom: seat.seatInRoom,
    date: seat.date,
    startTime: seat.startTime,
    reportingTime: seat.reportingTime,
  };
}
