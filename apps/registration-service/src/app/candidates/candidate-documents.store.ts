import { Inject, Injectable, Logger } from '@nestjs/common';
import { FILE_STORAGE, type FileStorage } from '@kbe/server-storage';
import type { Readable } from 'node:stream';

/** Private bucket of candidates' photos and signatures (normalised JPEGs). */
export const CANDIDATE_DOCUMENTS_BUCKET = 'candidate-documents';

export type CandidateFileKind = 'photo' | 'signature';

export interface CandidateImages {
  photo: Buffer;
  signature: Buffer;
}

export interface StoredImageKeys {
  photoKey: string;
  signatureKey: string;
}

/** Photos and signatures in object storage; a failed save leaves nothing behind. */
export interface CandidateDocumentsStore {
  /** Stores both images under `<code>/<uploadId>/`; on failure removes what was written, then rejects. */
  save(candidateCode: string, uploadId: string, images: CandidateImages): Promise<StoredImageKeys>;
  /** Best effort removal (compensation): never rejects. */
  remove(keys: StoredImageKeys): Promise<void>;
  open(key: string): Promise<Readable>;
  /** Deletes every photo and signature ever stored for the candidate (every upload); idempotent. */
  removeAllOf(candidateCode: string): Promise<number>;
}

export const CANDIDATE_DOCUMENTS_STORE = Symbol('CANDIDATE_DOCUMENTS_STORE');

@Injectable()
export class ObjectStorageCandidateDocuments implements CandidateDocumentsStore {
  private readonly logger = new Logger(ObjectStorageCandidateDocuments.name);

  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async save(candidateCode: string, uploadId: string, images: CandidateImages): Promise<StoredImageKeys> {
    // The upload id keeps a colliding code from ever overwriting another candidate's files.
    const keys: StoredImageKeys = {
      photoKey: `${candidateCode}/${uploadId}/photo.jpg`,
      signatureKey: `${candidateCode}/${uploadId}/signature.jpg`,
    };
    // Both uploads at once; only after both have settled is a failure cleaned up (no upload still in flight).
    const puts = await Promise.allSettled([
      this.storage.put(CANDIDATE_DOCUMENTS_BUCKET, keys.photoKey, images.photo, { contentType: 'image/jpeg' }),
      this.storage.put(CANDIDATE_DOCUMENTS_BUCKET, keys.signatureKey, images.signature, { contentType: 'image/jpeg' }),
    ]);
    const failed = puts.find((put): put is PromiseRejectedResult => put.status === 'rejected');
    if (!failed) return keys;
    await this.remove(keys);
    throw failed.reason;
  }

  removeAllOf(candidateCode: string): Promise<number> {
    return this.storage.removeAll(CANDIDATE_DOCUMENTS_BUCKET, `${candidateCode}/`);
  }

  async remove(keys: StoredImageKeys): Promise<void> {
    for (const key of [keys.photoKey, keys.signatureKey]) {
      try {
        await this.storage.remove(CANDIDATE_DOCUMENTS_BUCKET, key);
      } catch (error) {
        this.logger.error(`Could not remove ${key} after a failed registration: ${(error as Error).message}`);
      }
    }
  }

  open(key: string): Promise<Readable> {
    return this.storage.get(CANDIDATE_DOCUMENTS_BUCKET, key);
  }
}
