import { Inject, Injectable } from '@nestjs/common';
import { IDEMPOTENCY_STORE, type IdempotencyStore, type RegistrationKind } from './idempotency.store';
import { RegistrationEventPublisher, type PendingEventSource, type PendingRegistrationEvent } from './registration-event.publisher';

/** What one registration rule decided: a new record with its event, or a record stored before. */
export type RegistrationOutcome<T> = { record: T; event: PendingRegistrationEvent } | { record: T; existing: true };

export interface IdempotentRegistrationSteps<T> {
  kind: RegistrationKind;
  /** The client's `Idempotency-Key` header, if it sent one. */
  key: string | undefined;
  /** Where the records (and their unqueued events) live. */
  records: PendingEventSource & { findByCode(code: string): Promise<T | null> };
  codeOf(record: T): string;
  /** The use case's own rule: validate, check references, find the same details, insert. */
  register(): Promise<RegistrationOutcome<T>>;
}

export interface RegistrationResult<T> {
  record: T;
  /** True when an earlier submit (same key, or the same details) is answered again. */
  replayed: boolean;
}

/**
 * The frame every register use case shares: a retried submit with a known `Idempotency-Key` gets
 * the first record back; otherwise the use case's rule runs, then the key is remembered while the
 * new record's event is queued (two independent writes, at once: queueing never fails the
 * request, a client retrying after a failed queue still gets its code and the re-drive loop
 * queues the event).
 */
@Injectable()
export class IdempotentRegistration {
  constructor(
    @Inject(IDEMPOTENCY_STORE) private readonly idempotency: IdempotencyStore,
    private readonly events: RegistrationEventPublisher,
  ) {}

  async run<T>(steps: IdempotentRegistrationSteps<T>): Promise<RegistrationResult<T>> {
    const { kind, key, records } = steps;
    const rememberedCode = key ? await this.idempotency.find(kind, key) : null;
    const replay = rememberedCode ? await records.findByCode(rememberedCode) : null;
    if (replay) return { record: replay, replayed: true };

    const outcome = await steps.register();
    const remembered = key ? this.idempotency.remember(kind, key, steps.codeOf(outcome.record)) : undefined;
    if ('existing' in outcome) {
      await remembered;
      return { record: outcome.record, replayed: true };
    }
    await Promise.all([remembered, this.events.queue([outcome.event], records)]);
    return { record: outcome.record, replayed: false };
  }
}
