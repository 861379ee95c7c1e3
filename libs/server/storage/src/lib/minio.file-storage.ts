import { Client, type BucketItem } from 'minio';
import type { Readable } from 'node:stream';
import { FileNotFoundError, type FileStorage, type PutFileOptions } from './file-storage';

export interface MinioStorageOptions {
  /** e.g. `http://127.0.0.1:9000` */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region: string;
  bucketPrefix: string;
}

export const DEFAULT_PRESIGN_SECONDS = 60;
export const MAX_PRESIGN_SECONDS = 15 * 60;

const NOT_FOUND_CODES = new Set(['NoSuchKey', 'NotFound', 'NoSuchBucket']);
/** Keys per DeleteObjects request (the S3 API's maximum). */
const REMOVE_BATCH = 1000;

/** `FileStorage` on MinIO (or any S3 server) through the `minio` client. */
export class MinioFileStorage implements FileStorage {
  private readonly client: Client;
  private readonly ensured = new Map<string, Promise<void>>();

  constructor(private readonly options: MinioStorageOptions) {
    const url = new URL(options.endpoint);
    const useSSL = url.protocol === 'https:';
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: options.region,
      pathStyle: true,
    });
  }

  /** Real bucket name of a logical bucket. */
  bucketName(bucket: string): string {
    return `${this.options.bucketPrefix}${bucket}`;
  }

  ensureBucket(bucket: string): Promise<void> {
    const name = this.bucketName(bucket);
    let ensured = this.ensured.get(name);
    if (!ensured) {
      ensured = this.createIfMissing(name).catch((error: unknown) => {
        this.ensured.delete(name);
        throw error;
      });
      this.ensured.set(name, ensured);
    }
    return ensured;
  }

  async put(bucket: string, key: string, body: Buffer | Readable, options: PutFileOptions): Promise<void> {
    await this.ensureBucket(bucket);
    const size = Buffer.isBuffer(body) ? body.length : options.size;
    await this.client.putObject(this.bucketName(bucket), key, body, size, { 'Content-Type': options.contentType });
  }

  async get(bucket: string, key: string): Promise<Readable> {
    try {
      return await this.client.getObject(this.bucketName(bucket), key);
    } catch (error) {
      if (isNotFound(error)) throw new FileNotFoundError(bucket, key);
      throw error;
    }
  }

  async exists(bucket: string, key: string): Promise<boolean> {
    try {
      await this.client.statObject(this.bucketName(bucket), key);
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async remove(bucket: string, key: string): Promise<void> {
    try {
      await this.client.removeObject(this.bucketName(bucket), key);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async removeAll(bucket: string, prefix: string): Promise<number> {
    // An empty prefix would empty the bucket: never what a caller removing one owner's files meant.
    if (prefix === '') throw new Error(`removeAll needs a key prefix (bucket ${bucket})`);
    const name = this.bucketName(bucket);
    let removed = 0;
    let batch: string[] = [];
    try {
      for await (const item of this.client.listObjectsV2(name, prefix, true) as AsyncIterable<BucketItem>) {
        if (item.name === undefined) continue;
        batch.push(item.name);
        if (batch.length === REMOVE_BATCH) {
          removed += await this.removeBatch(name, batch);
          batch = [];
        }
      }
    } catch (error) {
      if (isNotFound(error)) return removed;
      throw error;
    }
    return removed + (await this.removeBatch(name, batch));
  }

  async presignedGetUrl(bucket: string, key: string, expirySeconds = DEFAULT_PRESIGN_SECONDS): Promise<string> {
    const expiry = Math.max(1, Math.min(Math.floor(expirySeconds), MAX_PRESIGN_SECONDS));
    return this.client.presignedGetObject(this.bucketName(bucket), key, expiry);
  }

  async listBuckets(): Promise<string[]> {
    const buckets = await this.client.listBuckets();
    return buckets.map((bucket) => bucket.name);
  }

  /** DeleteObjects of up to 1000 keys; a key the server could not remove fails the whole call. */
  private async removeBatch(name: string, keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    // In quiet mode the server answers only the keys it could not remove (a missing key counts as removed).
    const failures = (await this.client.removeObjects(name, keys)).filter((failure) => failure);
    if (failures.length > 0) {
      const first = failures[0] as { Code?: string; Key?: string; Error?: { Code?: string; Key?: string } };
      const { Code: code, Key: key } = first.Error ?? first;
      throw new Error(`${failures.length} of ${keys.length} objects not removed from bucket ${name} (first: ${key ?? '?'}, ${code ?? 'unknown error'})`);
    }
    return keys.length;
  }

  private async createIfMissing(name: string): Promise<void> {
    if (await this.client.bucketExists(name)) return;
    try {
      // New buckets are private: no policy is attached, every read needs credentials or a signature.
      await this.client.makeBucket(name, this.options.region);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
    }
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code !== undefined && NOT_FOUND_CODES.has(code);
}
