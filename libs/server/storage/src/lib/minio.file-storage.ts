import { Client } from 'minio';
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

  async presignedGetUrl(bucket: string, key: string, expirySeconds = DEFAULT_PRESIGN_SECONDS): Promise<string> {
    const expiry = Math.max(1, Math.min(Math.floor(expirySeconds), MAX_PRESIGN_SECONDS));
    return this.client.presignedGetObject(this.bucketName(bucket), key, expiry);
  }

  async listBuckets(): Promise<string[]> {
    const buckets = await this.client.listBuckets();
    return buckets.map((bucket) => bucket.name);
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
