/**
 * The most recently used byte buffers in memory, bounded by their total size; the least recently
 * used entries leave first. Serves the PDFs (a repeated download skips MinIO; keys carry the
 * content version, so an entry is never stale) and the candidates' photos and signatures.
 */
export class RecentBuffers {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const pdf = this.entries.get(key);
    if (pdf) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.entries.delete(key);
      this.entries.set(key, pdf);
    }
    return pdf;
  }

  set(key: string, pdf: Buffer): void {
    if (pdf.length > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.length;
    }
    this.entries.set(key, pdf);
    this.bytes += pdf.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.length;
    }
  }

  /** Drops every entry whose key starts with `prefix` (`KBE123456ABC/`: all of one candidate's). */
  forgetPrefix(prefix: string): void {
    for (const [key, buffer] of this.entries) {
      if (!key.startsWith(prefix)) continue;
      this.entries.delete(key);
      this.bytes -= buffer.length;
    }
  }

  get size(): number {
    return this.bytes;
  }
}
