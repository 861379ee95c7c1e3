import { loadConfig, minioEnv, composeEnv } from '@kbe/server-config';
import { isolatedInfraEnv, TestBucket } from '@kbe/server-testing';
import { Readable } from 'node:stream';
import { FileNotFoundError } from './file-storage';
import { MinioFileStorage } from './minio.file-storage';
import { storageOptionsFromEnv } from './storage-options.from-env';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('MinioFileStorage against MinIO', () => {
  const env = loadConfig(composeEnv(minioEnv), isolatedInfraEnv());
  const storage = new MinioFileStorage(storageOptionsFromEnv(env));
  const photo = Buffer.from('pretend this is a JPEG photo');

  afterAll(async () => {
    await new TestBucket(env, storage.bucketName('photos')).remove();
  });

  it('stores a file and reads it back', async () => {
    await storage.put('photos', 'KBE123456ABC/photo.jpg', photo, { contentType: 'image/jpeg' });
    expect(await storage.exists('photos', 'KBE123456ABC/photo.jpg')).toBe(true);
    expect(await readAll(await storage.get('photos', 'KBE123456ABC/photo.jpg'))).toEqual(photo);
    expect(await storage.listBuckets()).toContain(storage.bucketName('photos'));
  });

  it('stores a stream of known size', async () => {
    await storage.put('photos', 'stream.bin', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), {
      contentType: 'application/octet-stream',
      size: 4,
    });
    expect((await readAll(await storage.get('photos', 'stream.bin'))).toString()).toBe('abcd');
  });

  it('reports a missing file', async () => {
    expect(await storage.exists('photos', 'nobody.jpg')).toBe(false);
    await expect(storage.get('photos', 'nobody.jpg')).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('keeps the bucket private and hands out signed URLs that work', async () => {
    await storage.put('photos', 'signed.jpg', photo, { contentType: 'image/jpeg' });
    const signed = await storage.presignedGetUrl('photos', 'signed.jpg', 30);
    expect(new URL(signed).searchParams.get('X-Amz-Expires')).toBe('30');

    const viaSignature = await fetch(signed);
    expect(viaSignature.status).toBe(200);
    expect(Buffer.from(await viaSignature.arrayBuffer())).toEqual(photo);

    const unsigned = await fetch(signed.split('?')[0] ?? '');
    expect(unsigned.status).toBe(403);
  });

  it('removes a file, and removing it again is fine', async () => {
    await storage.put('photos', 'gone.jpg', photo, { contentType: 'image/jpeg' });
    await storage.remove('photos', 'gone.jpg');
    expect(await storage.exists('photos', 'gone.jpg')).toBe(false);
    await expect(storage.remove('photos', 'gone.jpg')).resolves.toBeUndefined();
  });
});
