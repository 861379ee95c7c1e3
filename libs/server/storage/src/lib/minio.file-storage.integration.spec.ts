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

  it('removes every file under one prefix and leaves the others, and finds nothing the second time', async () => {
    const pdf = { contentType: 'application/pdf' };
    await storage.put('photos', 'KBE111111AAA/hall-ticket/v1.pdf', photo, pdf);
    await storage.put('photos', 'KBE111111AAA/certificate/v1.pdf', photo, pdf);
    await storage.put('photos', 'KBE111111AAAB/hall-ticket/v1.pdf', photo, pdf);
    await storage.put('photos', 'KBE222222BBB/hall-ticket/v1.pdf', photo, pdf);

    expect(await storage.removeAll('photos', 'KBE111111AAA/')).toBe(2);
    expect(await storage.exists('photos', 'KBE111111AAA/hall-ticket/v1.pdf')).toBe(false);
    expect(await storage.exists('photos', 'KBE111111AAA/certificate/v1.pdf')).toBe(false);
    // A longer code that starts with the same characters is another owner: the slash ends the prefix.
    expect(await storage.exists('photos', 'KBE111111AAAB/hall-ticket/v1.pdf')).toBe(true);
    expect(await storage.exists('photos', 'KBE222222BBB/hall-ticket/v1.pdf')).toBe(true);
    expect(await storage.removeAll('photos', 'KBE111111AAA/')).toBe(0);
  });

  it('removes more files than one delete request takes', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `KBE333333CCC/many/${String(i).padStart(4, '0')}.pdf`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => storage.put('photos', key, Buffer.from('x'), { contentType: 'application/pdf' })));
    }
    expect(await storage.removeAll('photos', 'KBE333333CCC/')).toBe(1005);
    expect(await storage.exists('photos', keys[1004] ?? '')).toBe(false);
  }, 60_000);

  it('finds nothing to remove in a bucket that does not exist, and refuses an empty prefix', async () => {
    expect(await storage.removeAll('never-created', 'KBE111111AAA/')).toBe(0);
    await expect(storage.removeAll('photos', '')).rejects.toThrow('removeAll needs a key prefix');
  });
});
