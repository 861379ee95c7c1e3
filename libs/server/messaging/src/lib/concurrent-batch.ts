import type { EachBatchPayload, KafkaMessage } from 'kafkajs';

/** What `eachBatch` hands over that this needs (kafkajs's `EachBatchPayload` satisfies it). */
export type ConcurrentBatchPayload = Pick<
  EachBatchPayload,
  'batch' | 'resolveOffset' | 'heartbeat' | 'commitOffsetsIfNecessary' | 'isRunning' | 'isStale'
>;

/**
 * Handles the messages of one partition's batch `concurrency` at a time, each started in offset
 * order, and resolves an offset only once it and every message before it are handled: the
 * committed offset never passes a message that is not finished, so after a crash or a failure
 * Kafka redelivers from the first unfinished one (handlers deduplicate on the event id, as they
 * must for any redelivery). A handler that throws stops new messages from starting; those already
 * started are finished (and resolved where they are in order), then the error is thrown, so
 * kafkajs commits what was resolved and fetches again from the first message not resolved.
 * Shutting down (`isRunning` false) or a seek (`isStale`) also stops new messages from starting.
 * Run it with `eachBatchAutoResolve: false`.
 */
export async function handleBatchConcurrently(
  { batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }: ConcurrentBatchPayload,
  concurrency: number,
  handle: (message: KafkaMessage) => Promise<unknown>,
): Promise<void> {
  const { messages } = batch;
  const finished = new Array<boolean>(messages.length).fill(false);
  let started = 0;
  let resolved = 0;
  let failure: { error: unknown } | undefined;

  const lane = async (): Promise<void> => {
    while (!failure && isRunning() && !isStale() && started < messages.length) {
      const index = started++;
      try {
        await handle(messages[index]);
      } catch (error) {
        failure ??= { error };
        return;
      }
      finished[index] = true;
      while (resolved < messages.length && finished[resolved]) resolveOffset(messages[resolved++].offset);
      try {
        // Committed as it goes (as kafkajs does after each message with eachMessage), so a crash
        // redelivers little; a rebalance or Kafka away: the others finish, then kafkajs rejoins.
        await heartbeat();
        await commitOffsetsIfNecessary();
      } catch (error) {
        failure ??= { error };
        return;
      }
    }
  };

  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, messages.length)) }, lane));
  if (failure) throw failure.error;
}
