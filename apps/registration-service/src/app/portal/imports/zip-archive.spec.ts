import { safeEntryName, ZipArchive, ZipLimitError, zipLookupKey } from './zip-archive';
import { zipOf } from './testing/zip-writer';

const jpeg = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(Math.max(0, size - 4), 7)]);

describe('the ZIP of photos and signatures', () => {
  it('finds a row’s file by its base name in any case, stored or deflated, in a folder or not', async () => {
    const archive = await ZipArchive.open(
      zipOf([
        { name: 'photos/Aarav-Patil-Photo.JPG', data: jpeg(1000) },
        { name: 'aarav-patil-signature.jpg', data: jpeg(500), deflate: true },
        { name: 'photos/', data: Buffer.alloc(0) },
      ]),
      { maxEntries: 10 },
    );
    try {
      expect(archive.names().sort()).toEqual(['aarav-patil-photo.jpg', 'aarav-patil-signature.jpg']);
      expect(await archive.read('aarav-patil-photo.jpg', 5000)).toEqual({ bytes: jpeg(1000), size: 1000, tooLarge: false });
      expect(await archive.read(' AARAV-PATIL-SIGNATURE.jpg ', 5000)).toEqual({ bytes: jpeg(500), size: 500, tooLarge: false });
      expect(await archive.read('nobody.jpg', 5000)).toBeNull();
    } finally {
      archive.close();
    }
  });

  it('ignores names that point outside the archive or at hidden files', async () => {
    for (const name of ['../photo.jpg', 'a/../../photo.jpg', '/etc/photo.jpg', 'C:/photo.jpg', 'photos\\photo.jpg', '__MACOSX/._photo.jpg', '.photo.jpg', './photo.jpg']) {
      expect(safeEntryName(name)).toBeNull();
    }
    const archive = await ZipArchive.open(zipOf([{ name: '../../photo.jpg', data: jpeg(100) }, { name: '__MACOSX/photo.jpg', data: Buffer.from('fork') }]), { maxEntries: 10 });
    try {
      expect(archive.names()).toEqual([]);
      expect(await archive.read('photo.jpg', 5000)).toBeNull();
      expect(await archive.read('../../photo.jpg', 5000)).toBeNull();
    } finally {
      archive.close();
    }
    expect(zipLookupKey('..\\x\\Photo.jpg')).toBe('photo.jpg');
  });

  it('refuses more entries than allowed, whatever the directory’s end record says', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.jpg`, data: jpeg(10) }));
    await expect(ZipArchive.open(zipOf(many), { maxEntries: 10 })).rejects.toBeInstanceOf(ZipLimitError);
    await expect(ZipArchive.open(zipOf(many.slice(0, 10)), { maxEntries: 10 })).resolves.toBeInstanceOf(ZipArchive);
  });

  it('inflates a file only up to the limit (+1 byte): an oversized photo is known too large without unpacking it all', async () => {
    const archive = await ZipArchive.open(zipOf([{ name: 'big.jpg', data: jpeg(3 * 1024 * 1024), deflate: true }]), { maxEntries: 10 });
    try {
      const read = await archive.read('big.jpg', 1024 * 1024);
      expect(read).toMatchObject({ size: 1024 * 1024 + 1, tooLarge: true });
      expect(read?.bytes.length).toBe(1024 * 1024 + 1);
      expect(read?.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    } finally {
      archive.close();
    }
  });

  it('never trusts a header that understates a file (a zip bomb): reading stops, the file is refused', async () => {
    const bomb = zipOf([{ name: 'photo.jpg', data: Buffer.alloc(200 * 1024 * 1024), deflate: true, declaredSize: 1000 }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const archive = await ZipArchive.open(bomb, { maxEntries: 10 });
    try {
      const used = process.memoryUsage().rss;
      // the declared 1,000 bytes are exceeded: yauzl stops the stream with an error, or the limit does
      const outcome = await archive.read('photo.jpg', 5 * 1024 * 1024).then(
        (read) => (read?.tooLarge ? 'too large' : 'read'),
        () => 'refused',
      );
      expect(outcome).not.toBe('read');
      expect(process.memoryUsage().rss - used).toBeLessThan(64 * 1024 * 1024);
      await expect(archive.measureUnpacked(10 * 1024 * 1024)).rejects.toThrow();
    } finally {
      archive.close();
    }
  });

  it('counts what a whole archive unpacks to, refusing past the limit', async () => {
    const archive = await ZipArchive.open(zipOf([{ name: 'a.xml', data: Buffer.alloc(600), deflate: true }, { name: 'b.xml', data: Buffer.alloc(600) }]), { maxEntries: 10 });
    try {
      expect(await archive.measureUnpacked(1200)).toBe(1200);
      await expect(archive.measureUnpacked(1199)).rejects.toBeInstanceOf(ZipLimitError);
    } finally {
      archive.close();
    }
  });
});
