import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { PORTAL_IMPORT_LIMITS, PORTAL_IMPORT_MESSAGES, type PortalImportJob } from '@kbe/contracts';
import { CLOCK, type Clock } from '../../common/clock';
import type { PortalPrincipal } from '../portal-session';
import { ImportRefusedException } from './import-refusal';
import { parseImportSheet } from './import-sheet.parser';
import { PORTAL_IMPORT_FILES, type PortalImportFiles } from './portal-import.files';
import { PortalImportRunner } from './portal-import.runner';
import { PORTAL_IMPORT_STORE, type PortalImportRecord, type PortalImportStore } from './portal-import.store';
import { toPortalImportJob } from './read-portal-imports.usecase';
import { ZipArchive, ZipLimitError } from './zip-archive';

export interface PortalImportUploadInput {
  dryRun: boolean;
  sheet?: { fileName: string; bytes: Buffer };
  photos?: { bytes: Buffer };
}

/** The uploaded sheet's name as the job shows it: its base name, printable, at most 120 characters. */
export function importFileName(original: string): string {
  // eslint-disable-next-line no-control-regex
  const printable = original.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()?.trim() ?? '';
  return printable.slice(0, 120) || 'sheet.csv';
}

/**
 * Takes an upload: refuses the file as a whole at once (columns, limits, an unreadable sheet or
 * ZIP: 400 or 413), keeps the sheet and the ZIP in object storage, stores the job (queued, held by
 * this replica) and starts it in the background. Every row is checked, and in an import
 * registered, by the job (PortalImportRunner).
 */
@Injectable()
export class StartPortalImportUseCase {
  constructor(
    @Inject(PORTAL_IMPORT_STORE) private readonly store: PortalImportStore,
    @Inject(PORTAL_IMPORT_FILES) private readonly files: PortalImportFiles,
    private readonly runner: PortalImportRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(principal: PortalPrincipal, input: PortalImportUploadInput): Promise<PortalImportJob> {
    if (!input.sheet) throw new ImportRefusedException('file', PORTAL_IMPORT_MESSAGES.fileRequired);
    const fileName = importFileName(input.sheet.fileName);
    const rows = await parseImportSheet(fileName, input.sheet.bytes);
    const photos = input.photos?.bytes ?? null;
    if (photos) await checkArchive(photos);

    const id = randomUUID();
    const upload = { sheet: input.sheet.bytes, photos };
    await this.files.save(id, upload);
    const job: PortalImportRecord = {
      id,
      ownerCode: principal.code,
      role: principal.role,
      schoolCode: principal.schoolCode,
      dryRun: input.dryRun,
      status: 'queued',
      fileName,
      hasPhotos: photos !== null,
      total: rows.length,
      processed: 0,
      registered: 0,
      alreadyRegistered: 0,
      failed: 0,
      rows: [],
      createdAt: this.clock.now(),
      finishedAt: null,
      leaseOwner: this.runner.instance,
      leaseUntil: this.runner.leaseEnd(),
      error: null,
    };
    await this.store.create(job);
    void this.runner.start(id, upload);
    return toPortalImportJob(job);
  }
}

/** The ZIP opens and its directory is within the entry limit (its files are read, and counted, row by row). */
async function checkArchive(bytes: Buffer): Promise<void> {
  let archive: ZipArchive;
  try {
    archive = await ZipArchive.open(bytes, { maxEntries: PORTAL_IMPORT_LIMITS.archiveEntries });
  } catch (error) {
    if (error instanceof ZipLimitError) throw new ImportRefusedException('photos', PORTAL_IMPORT_MESSAGES.tooManyPhotos, HttpStatus.PAYLOAD_TOO_LARGE);
    throw new ImportRefusedException('photos', PORTAL_IMPORT_MESSAGES.photosUnreadable);
  }
  archive.close();
}
