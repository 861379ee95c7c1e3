import type { MinioEnv } from '@kbe/server-config';
import { Client } from 'minio';

/**
 * A MinIO bucket an integration suite's service writes to, seen from outside the service: what is
 * stored in it, and its removal when the suite ends.
 */
export class TestBucket {
  private readonly client: Client;

  constructor(
    env: MinioEnv,
    readonly name: string,
  ) {
    const url = new URL(env.MINIO_ENDPOINT);
    this.client = new Client({
      endPoint: url.hostname,
      port: Number(url.port),
      useSSL: url.protocol === 'https:',
      accessKey: env.MINIO_ACCESS_KEY,
      secretKey: env.MINIO_SECRET_KEY,
    });
  }

  /** The names of the stored objects, sorted; none when the bucket does not exist (yet). */
  async objectNames(): Promise<string[]> {
    if (!(await this.client.bucketExists(this.name))) return [];
    const names: string[] = [];
    for await (const item of this.client.listObjectsV2(this.name, '', true)) if (item.name) names.push(item.name);
    return names.sort();
  }

  /** Removes every object and the bucket; nothing when it does not exist. */
  async remove(): Promise<void> {
    const names = await this.objectNames();
    if (names.length) await this.client.removeObjects(this.name, names);
    if (await this.client.bucketExists(this.name)) await this.client.removeBucket(this.name);
  }
}
