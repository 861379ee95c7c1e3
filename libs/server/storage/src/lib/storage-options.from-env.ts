import type { MinioEnv } from '@kbe/server-config';
import type { MinioStorageOptions } from './minio.file-storage';

export function storageOptionsFromEnv(env: MinioEnv): MinioStorageOptions {
  return {
    endpoint: env.MINIO_ENDPOINT,
    accessKey: env.MINIO_ACCESS_KEY,
    secretKey: env.MINIO_SECRET_KEY,
    region: env.MINIO_REGION,
    bucketPrefix: env.MINIO_BUCKET_PREFIX,
  };
}
