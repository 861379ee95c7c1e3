/**
 * The lease of one chunk while its holder sends it. A sender that is merely slow (a loaded
 * machine, a slow provider, a long queue of writes) must not look dead: the lease is renewed
 * every quarter of its length for as long as the chunk is being sent. And a holder that could
 * not renew in time must stop: no provider call starts once less than a quarter of the lease
 * is left (by the holder's own clock), or once a renewal found the chunk held by someone else.
 * Another sender takes a chunk over only after its lease ran out, so it never sends alongside
 * a holder that still starts calls.
 */
export class ChunkLease {
  private until: number;
  private lost = false;
  private timer?: NodeJS.Timeout;
  private renewing?: Promise<void>;

  constructor(
    initialUntil: Date,
    private readonly leaseMs: number,
    /** Writes the new end of the lease if the chunk is still this holder's; false when it is not. */
    private readonly write: (until: Date) => Promise<boolean>,
    private readonly clock: () => number = Date.now,
  ) {
    this.until = initialUntil.getTime();
  }

  /**
   * Renews every quarter of the lease until `stop()`; at once first if half the lease has gone
   * already (claiming or taking over a chunk waits for the database, which can take long).
   */
  async start(): Promise<this> {
    this.timer = setInterval(() => void this.renew(), Math.max(1, Math.floor(this.leaseMs / 4)));
    this.timer.unref();
    if (this.clock() > this.until - this.leaseMs / 2) await this.renew();
    return this;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.renewing;
  }

  /** Whether a provider call may start now. */
  held(): boolean {
    return !this.lost && this.clock() < this.until - this.leaseMs / 4;
  }

  /** One renewal (one at a time: a renewal still waiting for the database is not doubled). */
  renew(): Promise<void> {
    this.renewing ??= this.renewOnce().finally(() => (this.renewing = undefined));
    return this.renewing;
  }

  private async renewOnce(): Promise<void> {
    if (this.lost) return;
    const next = this.clock() + this.leaseMs;
    try {
      if (await this.write(new Date(next))) this.until = Math.max(this.until, next);
      else this.lost = true;
    } catch {
      // The database did not answer: the lease runs out unless a later renewal gets through.
    }
  }
}
