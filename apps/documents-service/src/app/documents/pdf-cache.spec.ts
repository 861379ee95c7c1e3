import { FileNotFoundError, type FileStorage } from '@kbe/server-storage';
import { Readable } from 'node:stream';
import { ERASURE_GRACE_MS, PDF_BUCKET, PdfCache } from './pdf-cache';

/** MinIO as a map of `bucket/key`; writes can be held back to let an erasure overtake them. */
class MemoryFileStorage implements FileStorage {
  readonly objects = new Map<string, Buffer>();
  reads = 0;
  private hold?: Promise<void>;

  holdWrites(until: Promise<void>): void {
    this.hold = until;
  }

  async ensureBucket(): Promise<void> {
    return;
  }

  async put(bucket: string, key: string, body: Buffer | Readable): Promise<void> {
    await this.hold;
    this.objects.set(`${bucket}/${key}`, body as Buffer);
  }

  async get(bucket: string, key: string): Promise<Readable> {
    this.reads++;
    const body = this.objects.get(`${bucket}/${key}`);
    if (!body) throw new FileNotFoundError(bucket, key);
    return Readable.from([body]);
  }

  async exists(bucket: string, key: string): Promise<boolean> {
    return this.objects.has(`${bucket}/${key}`);
  }

  async remove(bucket: string, key: string): Promise<void> {
    this.objects.delete(`${bucket}/${key}`);
  }

  async removeAll(bucket: string, prefix: string): Promise<number> {
    const keys = [...this.objects.keys()].filter((path) => path.startsWith(`${bucket}/${prefix}`));
    for (const path of keys) this.objects.delete(path);
    return keys.length;
  }

  async presignedGetUrl(bucket: string, key: string): Promise<string> {
    return `memory://${bucket}/${key}`;
  }

  async listBuckets(): Promise<string[]> {
    return [PDF_BUCKET];
  }
}

const pdf = (text: string) => Buffer.from(`%PDF-${text}`);

describe('PdfCache', () => {
  it("keys a certificate's awards apart, under the candidate's prefix (an erasure takes them all)", async () => {
    const storage = new MemoryFileStorage();
    const cache = new PdfCache(storage);
    expect(cache.key('KBE123456ABC', 'certificate', 'v1')).toBe('KBE123456ABC/certificate/v1.pdf');
    const merit = cache.key('KBE123456ABC', 'certificate', 'v1', 'mains-merit');
    const qualifying = cache.key('KBE123456ABC', 'certificate', 'v1', 'mains-qualifying');
    expect([merit, qualifying]).toEqual(['KBE123456ABC/certificate/mains-merit/v1.pdf', 'KBE123456ABC/certificate/mains-qualifying/v1.pdf']);
    await cache.put(merit, Buffer.from('%PDF-merit'));
    expect(await cache.get(qualifying)).toBeNull();
    expect(await cache.removeCandidate('KBE123456ABC')).toBe(1);
  });

  it("removes an erased candidate's PDFs from MinIO and memory, and leaves the other candidates'", async () => {
    const storage = new MemoryFileStorage();
    const cache = new PdfCache(storage, 1024);
    await cache.put('KBE1/hall-ticket/v1.pdf', pdf('a'));
    await cache.put('KBE1/certificate/v1.pdf', pdf('b'));
    await cache.put('KBE2/hall-ticket/v1.pdf', pdf('c'));

    expect(await cache.removeCandidate('KBE1')).toBe(2);
    expect(await cache.get('KBE1/hall-ticket/v1.pdf')).toBeNull();
    expect(await cache.has('KBE1/certificate/v1.pdf')).toBe(false);
    expect(await cache.get('KBE2/hall-ticket/v1.pdf')).toEqual(pdf('c'));
    expect(await cache.removeCandidate('KBE1')).toBe(0);
  });

  it('forgets a candidate in memory only, so the next read goes to MinIO', async () => {
    const storage = new MemoryFileStorage();
    const cache = new PdfCache(storage, 1024);
    await cache.put('KBE1/hall-ticket/v1.pdf', pdf('a'));
    expect(await cache.get('KBE1/hall-ticket/v1.pdf')).toEqual(pdf('a'));
    expect(storage.reads).toBe(0);
    cache.forgetCandidate('KBE1');
    await cache.get('KBE1/hall-ticket/v1.pdf');
    expect(storage.reads).toBe(1);
  });

  it('keeps nothing of a render that finishes after the erasure, and keeps PDFs again once the grace period is over', async () => {
    const storage = new MemoryFileStorage();
    let now = 1_000_000;
    const cache = new PdfCache(storage, 1024, () => now);
    cache.forgetCandidate('KBE1');
    now += 60_000;
    await cache.put('KBE1/hall-ticket/v2.pdf', pdf('late'));
    expect(storage.objects.size).toBe(0);
    expect(await cache.has('KBE1/hall-ticket/v2.pdf')).toBe(false);

    // A retention purge leaves the certificate printable: once the renders under way are over, it is cached again.
    now += ERASURE_GRACE_MS;
    await cache.put('KBE1/certificate/v3.pdf', pdf('later'));
    expect(await cache.has('KBE1/certificate/v3.pdf')).toBe(true);
  });

  it('waits for a MinIO write begun before the erasure, then removes what it wrote', async () => {
    const storage = new MemoryFileStorage();
    const cache = new PdfCache(storage, 1024);
    let land!: () => void;
    storage.holdWrites(new Promise((resolve) => (land = resolve)));
    const writing = cache.put('KBE1/hall-ticket/v1.pdf', pdf('a'));
    const removing = cache.removeCandidate('KBE1');
    land();
    await writing;
    expect(await removing).toBe(1);
    expect(storage.objects.size).toBe(0);
  });
});
