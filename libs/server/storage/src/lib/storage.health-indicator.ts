import { Inject, Injectable } from '@nestjs/common';
import type { DependencyHealthIndicator } from '@kbe/server-health';
import { FILE_STORAGE, type FileStorage } from './file-storage';

/** Lists the buckets: the server answers and accepts the service's credentials. */
@Injectable()
export class StorageHealthIndicator implements DependencyHealthIndicator {
  readonly dependency = 'minio';

  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async check(): Promise<Record<string, unknown>> {
    const buckets = await this.storage.listBuckets();
    return { buckets: buckets.length };
  }
}
