import { Inject, Injectable, Logger } from '@nestjs/common';
import { errorMessage } from '@kbe/server-bootstrap';
import { FILE_STORAGE, type FileStorage } from '@kbe/server-storage';
import type { Readable } from 'node:stream';

/** Private bucket of uploaded sheets and ZIPs while their job runs (`<jobId>/sheet`, `<jobId>/photos.zip`). */
export const PORTAL_IMPORTS_BUCKET = 'portal-imports';

export interface PortalImportUpload {
  sheet: Buffer;
  photos: Buffer | null;
}

/** An import's uploads, kept until its job ends, so any replica can run (or take over) the job. */
export interface PortalImportFiles {
  save(jobId: string, upload: PortalImportUpload): Promise<void>;
  load(jobId: string, hasPhotos: boolean): Promise<PortalImportUpload>;
  /** Best effort: never rejects. */
  remove(jobId: string): Promise<void>;
}
export const PORTAL_IMPORT_FILES = Symbol('PORTAL_IMPORT_FILES');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

@Injectable()
export class ObjectStoragePortalImportFiles implements PortalImportFiles {
  private readonly logger = new Logger(ObjectStoragePortalImportFiles.name);

  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async save(jobId: string, upload: PortalImportUpload): Promise<void> {
    await Promise.all([
      this.storage.put(PORTAL_IMPORTS_BUCKET, `${jobId}/sheet`, upload.sheet, { contentType: 'application/octet-stream' }),
      upload.photos ? this.storage.put(PORTAL_IMPORTS_BUCKET, `${jobId}/photos.zip`, upload.photos, { contentType: 'application/zip' }) : undefined,
    ]);
  }

  async load(jobId: string, hasPhotos: boolean): Promise<PortalImportUpload> {
    const [sheet, photos] = await Promise.all([
      this.storage.get(PORTAL_IMPORTS_BUCKET, `${jobId}/sheet`).then(bytesOf),
      hasPhotos ? this.storage.get(PORTAL_IMPORTS_BUCKET, `${jobId}/photos.zip`).then(bytesOf) : null,
    ]);
    return { sheet, photos };
  }

  async remove(jobId: string): Promise<void> {
    try {
      await this.storage.removeAll(PORTAL_IMPORTS_BUCKET, `${jobId}/`);
    } catch (error) {
      this.logger.warn(`The uploads of import ${jobId} were not removed: ${errorMessage(error)}`);
    }
  }
}
