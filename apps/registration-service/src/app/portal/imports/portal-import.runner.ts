import { randomUUID } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  FIELD_LABELS,
  MAX_IMAGE_FILE_BYTES,
  PORTAL_IMPORT_LIMITS,
  PORTAL_IMPORT_MESSAGES,
  registrationClosedMessage,
  type EditionSettings,
  type PortalImportRow,
} from '@kbe/contracts';
import { errorMessage, toErrorBody, withMessageKey } from '@kbe/server-bootstrap';
import { CLOCK, type Clock } from '../../common/clock';
import { EDITION_SETTINGS } from '../../common/edition.settings.provider';
import { IMAGE_NORMALIZER, UnreadableImageError, type ImageNormalizer } from '../../candidates/image-normalizer';
import { RegisterCandidateUseCase } from '../../candidates/usecases/register-candidate.usecase';
import { MENTOR_REPOSITORY, type MentorRepository } from '../../mentors/mentor.repository';
import { checkImportRow, importRowKey, type ImportScope } from './import-row.mapper';
import { parseImportSheet, type ImportSheetRow } from './import-sheet.parser';
import { PORTAL_IMPORT_FILES, type PortalImportFiles, type PortalImportUpload } from './portal-import.files';
import { PORTAL_IMPORT_STORE, type PortalImportProgress, type PortalImportRecord, type PortalImportStore } from './portal-import.store';
import { ZipArchive, type ZipFileRead } from './zip-archive';

/** How long a replica holds a job without renewing; past it, another takes the job over. */
export const IMPORT_LEASE_MS = 60_000;
/** How often each replica looks for jobs whose lease ran out. */
const SWEEP_EVERY_MS = 20_000;
/** Rows registered at once: the image normaliser and the store overlap one row's waits with another's work. */
const ROWS_AT_ONCE = 4;
/** Progress (the counts and the rows so far) is saved at most this often, and when the job ends. */
const SAVE_EVERY_MS = 500;
const NAME_MAX = 200;

/** The counts of a job from its rows. */
export function countsOf(rows: readonly PortalImportRow[]): Pick<PortalImportRecord, 'processed' | 'registered' | 'alreadyRegistered' | 'failed'> {
  let registered = 0;
  let alreadyRegistered = 0;
  let failed = 0;
  for (const row of rows) {
    if (row.status === 'registered' || row.status === 'valid') registered += 1;
    else if (row.status === 'already-registered') alreadyRegistered += 1;
    else failed += 1;
  }
  return { processed: rows.length, registered, alreadyRegistered, failed };
}

/**
 * Runs bulk registrations and their dry runs in the background. A job is held under a lease in
 * `portal_imports` (renewed while it runs, with every progress save); its uploads wait in object
 * storage. A replica that dies (or stops) leaves the lease to run out, and any replica's sweep
 * then claims the job and goes on from the rows saved: a row done twice is harmless, every row is
 * registered under an idempotency key of its importer and content (import-row.mapper.ts).
 *
 * Each row goes through the public form's checks (checkImportRow), then, in an import, through
 * the public form's own use case (RegisterCandidateUseCase: the same events, the guardian's SMS).
 * A dry run stores nothing: it also runs the image normaliser, so an unreadable photo is reported.
 */
@Injectable()
export class PortalImportRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PortalImportRunner.name);
  /** This replica, as it holds leases. */
  readonly instance = randomUUID();
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(PORTAL_IMPORT_STORE) private readonly store: PortalImportStore,
    @Inject(PORTAL_IMPORT_FILES) private readonly files: PortalImportFiles,
    private readonly registerCandidate: RegisterCandidateUseCase,
    @Inject(IMAGE_NORMALIZER) private readonly images: ImageNormalizer,
    @Inject(MENTOR_REPOSITORY) private readonly mentors: MentorRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EDITION_SETTINGS) private readonly edition: EditionSettings,
  ) {}

  onApplicationBootstrap(): void {
    const pass = () => void this.sweep().catch((error: unknown) => this.logger.warn(`import sweep failed, retried later: ${errorMessage(error)}`));
    pass();
    this.timer = setInterval(pass, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.running.values()]);
  }

  /** The end of a lease taken or renewed now (the real time: leases are between processes). */
  leaseEnd(): Date {
    return new Date(Date.now() + IMPORT_LEASE_MS);
  }

  /** Claims the unfinished jobs whose lease ran out and runs them; answers how many it took. */
  async sweep(): Promise<number> {
    if (this.stopping) return 0;
    const ids = await this.store.abandoned(new Date(), 10);
    const started = ids.filter((id) => !this.running.has(id));
    for (const id of started) void this.start(id);
    return started.length;
  }

  /**
   * Runs the job here if its lease is free (or this replica's); settles when it ends or stops. The
   * replica that took the upload hands its bytes over (they are in object storage too, for a
   * takeover); any other reads them from there.
   */
  start(id: string, upload?: PortalImportUpload): Promise<void> {
    let run = this.running.get(id);
    if (!run) {
      run = this.run(id, upload)
        .catch((error: unknown) => this.logger.error(`Import ${id} stopped: ${errorMessage(error)}`))
        .finally(() => this.running.delete(id));
      this.running.set(id, run);
    }
    return run;
  }

  private async run(id: string, received?: PortalImportUpload): Promise<void> {
    const job = await this.store.claim(id, this.instance, this.leaseEnd(), new Date());
    if (!job) return;
    let held = true;
    const save = async (progress: PortalImportProgress) => {
      if (held) held = await this.store.save(id, this.instance, this.leaseEnd(), progress);
      return held;
    };
    const renewal = setInterval(() => void save({}).catch(() => undefined), IMPORT_LEASE_MS / 4);
    renewal.unref();
    let archive: ZipArchive | null = null;
    try {
      const upload = received ?? (await this.files.load(id, job.hasPhotos));
      const sheetRows = await parseImportSheet(job.fileName, upload.sheet);
      archive = upload.photos ? await ZipArchive.open(upload.photos, { maxEntries: PORTAL_IMPORT_LIMITS.archiveEntries }) : null;
      const scope = await this.scopeOf(job);
      const done = new Map(job.rows.map((row) => [row.row, row]));
      const rowsSoFar = () => [...done.values()].sort((a, b) => a.row - b.row);
      if (!(await save({ status: 'running', total: sheetRows.length }))) return;

      const pending = sheetRows.filter((row) => !done.has(row.line));
      let next = 0;
      let lastSave = Date.now();
      let saving: Promise<unknown> = Promise.resolve();
      const worker = async () => {
        while (held && !this.stopping && next < pending.length) {
          const row = pending[next++] as ImportSheetRow;
          done.set(row.line, await this.processRow(job, scope, archive, row));
          if (Date.now() - lastSave >= SAVE_EVERY_MS) {
            lastSave = Date.now();
            const rows = rowsSoFar();
            // a progress save that fails is not the job's end: the next one (or the last) saves it all
            saving = saving.then(() => save({ rows, ...countsOf(rows) })).catch((error: unknown) => this.logger.warn(`Import ${id}: progress not saved: ${errorMessage(error)}`));
          }
        }
      };
      await Promise.all(Array.from({ length: ROWS_AT_ONCE }, worker));
      await saving;
      if (!held) return; // another replica holds the job now
      if (this.stopping) {
        // the rows done so far, and the lease handed back at once: another replica goes on from here
        const rows = rowsSoFar();
        await this.store.save(id, this.instance, new Date(), { rows, ...countsOf(rows) });
        return;
      }
      const rows = rowsSoFar();
      await save({ status: 'completed', rows, ...countsOf(rows), finishedAt: this.clock.now() });
      await this.files.remove(id);
    } catch (error) {
      if (!held || this.stopping) return;
      this.logger.error(`Import ${id} failed: ${errorMessage(error)}`);
      await save({ status: 'failed', error: errorMessage(error), finishedAt: this.clock.now() });
      await this.files.remove(id);
    } finally {
      clearInterval(renewal);
      archive?.close();
    }
  }

  private async scopeOf(job: PortalImportRecord): Promise<ImportScope> {
    if (job.role === 'mentor') return { role: 'mentor', code: job.ownerCode, activeMentors: new Set() };
    const mentors = await this.mentors.findBySchool(job.schoolCode);
    return { role: 'school', code: job.ownerCode, activeMentors: new Set(mentors.filter((mentor) => mentor.isActive).map((mentor) => mentor.mentorCode)) };
  }

  private async processRow(job: PortalImportRecord, scope: ImportScope, archive: ZipArchive | null, row: ImportSheetRow): Promise<PortalImportRow> {
    const fullName = row.cells['personalDetails.fullName'].replace(/\0/g, '').slice(0, NAME_MAX);
    const base = { row: row.line, ...(fullName ? { name: fullName } : {}) };
    const [photo, signature] = await Promise.all([readImage(archive, row.cells.photo), readImage(archive, row.cells.signature)]);
    const checked = checkImportRow(row.cells, { photo, signature }, scope);
    if (!checked.registration || !photo || !signature) return { ...base, status: 'invalid', errors: checked.errors };

    if (job.dryRun) {
      const closed = registrationClosedMessage(this.clock.now(), this.edition);
      if (closed) return { ...base, status: 'invalid', errors: [withMessageKey({ field: 'registrationDeadline', message: closed })] };
      const unreadable = await this.unreadableImages(photo, signature);
      return unreadable.length > 0 ? { ...base, status: 'invalid', errors: unreadable } : { ...base, status: 'valid', errors: [] };
    }

    try {
      const { candidate, replayed } = await this.registerCandidate.execute({
        fields: checked.fields,
        photo: { bytes: photo.bytes },
        signature: { bytes: signature.bytes },
        idempotencyKey: importRowKey(job.ownerCode, checked.registration),
      });
      return { ...base, status: replayed ? 'already-registered' : 'registered', candidateCode: candidate.candidateCode, errors: [] };
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() < HttpStatus.INTERNAL_SERVER_ERROR) {
        const body = toErrorBody(error);
        return { ...base, status: 'invalid', errors: body.errors ?? [withMessageKey({ field: '', message: body.message })] };
      }
      this.logger.warn(`Import ${job.id}, row ${row.line}: ${errorMessage(error)}`);
      return { ...base, status: 'failed', errors: [{ field: '', message: PORTAL_IMPORT_MESSAGES.rowFailed }] };
    }
  }

  /** The normaliser's verdict on both images (a dry run's: the import itself gets it from the use case). */
  private async unreadableImages(photo: ZipFileRead, signature: ZipFileRead) {
    const checks = [
      ['photo', FIELD_LABELS.photo, photo],
      ['signature', FIELD_LABELS.signature, signature],
    ] as const;
    const errors = await Promise.all(
      checks.map(async ([field, label, image]) => {
        try {
          await this.images.toJpeg(image.bytes);
          return null;
        } catch (error) {
          if (!(error instanceof UnreadableImageError)) throw error;
          return withMessageKey({ field, message: `${label} could not be read as an image` });
        }
      }),
    );
    return errors.filter((error) => error !== null);
  }
}

/**
 * The file a row's cell names, from the ZIP, inflated up to the form's limit. A damaged entry
 * reads as empty (the form's message for a file that is no image).
 */
async function readImage(archive: ZipArchive | null, name: string): Promise<ZipFileRead | null> {
  if (!archive || name === '') return null;
  try {
    return await archive.read(name, MAX_IMAGE_FILE_BYTES);
  } catch {
    return { bytes: Buffer.alloc(0), size: 0, tooLarge: false };
  }
}
