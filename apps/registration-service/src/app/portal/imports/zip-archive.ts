import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** The ZIP holds more entries, or unpacks to more bytes, than allowed. */
export class ZipLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipLimitError';
  }
}

/** One file read out of the ZIP: its bytes (cut at the limit), its size as counted, whether it passed the limit. */
export interface ZipFileRead {
  bytes: Buffer;
  /** Bytes counted while inflating; limit + 1 once it is over. */
  size: number;
  tooLarge: boolean;
}

/** A name inside the ZIP that points outside it, or at something other than a plain file, is never used. */
export function safeEntryName(name: string): string | null {
  if (name === '' || name.endsWith('/') || name.includes('\\') || name.includes('\0')) return null;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return null;
  const segments = name.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return null;
  // macOS's resource forks and hidden files are no photos
  if (segments[0] === '__MACOSX' || segments[segments.length - 1]?.startsWith('.')) return null;
  return name;
}

/** How a row's file-name cell finds its entry: by base name, any case (`photos/Aarav.JPG` = `aarav.jpg`). */
export function zipLookupKey(name: string): string {
  return posix.basename(name.trim().replace(/\\/g, '/')).toLowerCase();
}

/**
 * A ZIP read from memory with yauzl, never trusting its headers: the number of entries is
 * bounded while the directory is read, every entry is inflated as a stream with its bytes counted
 * (and yauzl checks them against the declared size), and reading stops one byte past the limit.
 * Entry names that could point outside the archive (`../`, absolute, drive letters, backslashes)
 * are ignored.
 */
export class ZipArchive {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
    private readonly all: Entry[],
  ) {}

  static async open(bytes: Buffer, limits: { maxEntries: number }): Promise<ZipArchive> {
    const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false });
    try {
      if (zip.entryCount > limits.maxEntries) throw new ZipLimitError(`more than ${limits.maxEntries} entries`);
      const all = await readDirectory(zip, limits.maxEntries);
      const entries = new Map<string, Entry>();
      for (const entry of all) {
        const name = safeEntryName(entryName(entry));
        if (!name) continue;
        const key = zipLookupKey(name);
        if (!entries.has(key)) entries.set(key, entry);
      }
      return new ZipArchive(zip, entries, all);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** The usable file names (base names, lower case). */
  names(): string[] {
    return [...this.entries.keys()];
  }

  /** The file a row names (by base name, any case), inflated up to `maxBytes` (+1 to know it is over); null when absent. */
  async read(name: string, maxBytes: number): Promise<ZipFileRead | null> {
    const entry = this.entries.get(zipLookupKey(name));
    if (!entry) return null;
    return inflate(this.zip, entry, maxBytes);
  }

  /** Inflates every entry, counting bytes; rejects with ZipLimitError past `maxTotalBytes` in all. */
  async measureUnpacked(maxTotalBytes: number): Promise<number> {
    let total = 0;
    for (const entry of this.all) {
      if (entryName(entry).endsWith('/')) continue;
      const read = await inflate(this.zip, entry, maxTotalBytes - total);
      if (read.tooLarge) throw new ZipLimitError(`unpacks to more than ${maxTotalBytes} bytes`);
      total += read.size;
    }
    return total;
  }

  close(): void {
    this.zip.close();
  }
}

function entryName(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer | string;
  return typeof raw === 'string' ? raw : raw.toString('utf8');
}

function readDirectory(zip: ZipFile, maxEntries: number): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > maxEntries) reject(new ZipLimitError(`more than ${maxEntries} entries`));
      else zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

async function inflate(zip: ZipFile, entry: Entry, maxBytes: number): Promise<ZipFileRead> {
  const limit = Math.max(0, maxBytes);
  // whatever the header says: inflated and counted, at most limit + 1 bytes (their first bytes tell the type)
  const stream: Readable = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      const room = limit + 1 - size;
      chunks.push(buffer.length > room ? buffer.subarray(0, room) : buffer);
      size += Math.min(buffer.length, room);
      if (size > limit) break;
    }
  } finally {
    stream.destroy();
  }
  return { bytes: Buffer.concat(chunks), size, tooLarge: size > limit };
}
