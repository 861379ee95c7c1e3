import type { SmsErasureRepository } from './sms-erasure.repository';

export interface SmsErasureTiming {
  /**
   * How long to wait for live senders to finish chunks with the candidate's messages (they
   * write those messages' dead letters and receipts when done) before giving up: the event is
   * then redelivered and the erasure runs again.
   */
  waitMs: number;
  pollMs: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** What was taken out: messages cancelled before they were sent, dead letters and receipts masked. */
export interface SmsErasure {
  cancelled: number;
  deadLetters: number;
  receipts: number;
}

/**
 * An erased candidate's phone number and SMS texts leave the delivery log: first the messages
 * still waiting in flight are cancelled (none is sent after this), then, once no live sender
 * holds one of them any more, the dead letters and provider receipts written until then are
 * masked. The counts, statuses, times and ids stay, so the campaign statistics do not change.
 * Idempotent: running it again finds nothing left to change.
 */
export class EraseCandidateSmsUseCase {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(
    private readonly records: Pick<SmsErasureRepository, 'cancelInflight' | 'scrubOutcomes'>,
    private readonly timing: SmsErasureTiming,
  ) {
    this.sleep = timing.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = timing.now ?? Date.now;
  }

  async execute(candidateCode: string): Promise<SmsErasure> {
    const deadline = this.now() + this.timing.waitMs;
    let cancelled = 0;
    for (;;) {
      const pass = await this.records.cancelInflight(candidateCode);
      cancelled += pass.cancelled;
      if (pass.held.length === 0 && !pass.changed) break;
      if (this.now() >= deadline) {
        throw new Error(`SMS to ${candidateCode} are still being sent (in-flight chunk ${pass.held.join(', ') || 'changing'}): the erasure will run again`);
      }
      await this.sleep(this.timing.pollMs);
    }
    return { cancelled, ...(await this.records.scrubOutcomes(candidateCode)) };
  }
}
