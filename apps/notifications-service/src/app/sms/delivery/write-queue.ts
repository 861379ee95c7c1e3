/**
 * Runs writes one at a time (FerretDB's SQLite backend has one writer per database: concurrent
 * multi-document writes only contend, and were seen to stall). Urgent writes go before the
 * others waiting, in their own order: a sender's claims (the consumer waits for them before it
 * can fetch again) are not held up by the outcomes and in-flight deletes of the chunks it sends
 * in the background. The others cannot wait for ever: the sender claims at most a bounded number
 * of chunks before one of them (its outcomes) is written.
 */
export class WriteQueue {
  private readonly urgent: Array<() => Promise<void>> = [];
  private readonly others: Array<() => Promise<void>> = [];
  private writing = false;

  run<T>(write: () => Promise<T>, priority: 'urgent' | 'normal' = 'normal'): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      (priority === 'urgent' ? this.urgent : this.others).push(() => write().then(resolve, reject));
      this.next();
    });
  }

  private next(): void {
    if (this.writing) return;
    const write = this.urgent.shift() ?? this.others.shift();
    if (!write) return;
    this.writing = true;
    // Never within `run`: a caller sets up what its write reads (a coalescing batch) after queueing it.
    void Promise.resolve()
      .then(write)
      .finally(() => {
        this.writing = false;
        this.next();
      });
  }
}
