import type { Readable } from 'node:stream';

export interface PutFileOptions {
  contentType: string;
  /** Size in bytes; required when `body` is a stream. */
  size?: number;
}

/**
 * Object storage for photos, signatures and rendered PDFs. Buckets are named logically
 * (`photos`); the implementation adds the environment prefix. Buckets are private: the browser
 * only ever gets a short-lived signed URL.
 */
export interface FileStorage {
  /** Creates the bucket (private) when missing. */
  ensureBucket(bucket: string): Promise<void>;
  put(bucket: string, key: string, body: Buffer | Readable, options: PutFileOptions): Promise<void>;
  /** Rejects with `FileNotFoundError` when there is no such object. */
  get(bucket: string, key: string): Promise<Readable>;
  exists(bucket: string, key: string): Promise<boolean>;
  /** Removing a missing object is not an error. */
  remove(bucket: string, key: string): Promise<void>;
  /**
   * Removes every object whose key starts with `prefix` (`KBE123456ABC/`) and answers how many
   * went; 0 when there are none (or no bucket), so running it again is fine.
   */
  removeAll(bucket: string, prefix: string): Promise<number>;
  /** Signed GET URL valid for `expirySeconds` (default 60, at most 900). */
  presignedGetUrl(bucket: string, key: string, expirySeconds?: number): Promise<string>;
  /** Lists the buckets: proves the server answers and accepts the credentials. */
  listBuckets(): Promise<string[]>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

export class FileNotFoundError extends Error {
  constructor(
    readonly bucket: string,
    readonly key: string,
  ) {
    super(`No file ${key} in bucket ${bucket}`);
    this.name = 'FileNotFoundError';
  }
}
