import type { Admin } from 'kafkajs';

/** The part of a kafkajs client this needs (also satisfied by the Nest transport's client type). */
interface AdminFactory {
  admin(): Pick<Admin, 'connect' | 'disconnect' | 'listTopics' | 'createTopics' | 'fetchTopicMetadata'>;
}

/** A topic by name, or with the number of partitions it is created with. */
export type TopicSpec = string | { topic: string; numPartitions?: number };

export interface EnsureTopicsOptions {
  /** How long to wait for every partition to have a leader (default 30 s). */
  timeoutMs?: number;
  /** Pause between two looks at the metadata (default 100 ms). */
  pollMs?: number;
}

/**
 * Creates the topics that do not exist yet and waits until every partition has a leader, so the
 * first send or subscribe does not race the broker. Existing topics are left as they are.
 *
 * kafkajs's own `waitForLeaders` gives up on the first "This server does not host this
 * topic-partition", which a broker answers for a moment after creating a topic; and a topic
 * another process created meanwhile is fine. So this waits itself, retrying those answers.
 */
export async function ensureTopics(kafka: AdminFactory, topics: readonly TopicSpec[], options: EnsureTopicsOptions = {}): Promise<void> {
  if (topics.length === 0) return;
  const specs = topics.map((spec) => (typeof spec === 'string' ? { topic: spec } : spec));
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = specs.filter(({ topic }) => !existing.has(topic));
    if (missing.length === 0) return;
    await admin.createTopics({ topics: missing, waitForLeaders: false }).catch((error: unknown) => {
      if (!onlyAlreadyExists(error)) throw error;
    });
    await waitForLeaders(admin, missing.map(({ topic }) => topic), options);
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

async function waitForLeaders(admin: Pick<Admin, 'fetchTopicMetadata'>, topics: string[], options: EnsureTopicsOptions): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    let lastProblem: string;
    try {
      const { topics: metadata } = await admin.fetchTopicMetadata({ topics });
      const leaderless = metadata.filter(({ partitions }) => partitions.length === 0 || partitions.some(({ leader }) => leader < 0));
      if (leaderless.length === 0) return;
      lastProblem = `no leader yet for ${leaderless.map(({ name }) => name).join(', ')}`;
    } catch (error) {
      if (!isRetriable(error)) throw error;
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() >= deadline) throw new Error(`Kafka topics ${topics.join(', ')} are not ready: ${lastProblem}`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
}

function onlyAlreadyExists(error: unknown): boolean {
  const errors = (error as { errors?: Array<{ type?: string }> } | null)?.errors;
  const all = Array.isArray(errors) && errors.length > 0 ? errors : [error as { type?: string }];
  return all.every((item) => item?.type === 'TOPIC_ALREADY_EXISTS');
}

/** kafkajs marks transient protocol answers (unknown topic, leader not available) as retriable. */
function isRetriable(error: unknown): boolean {
  return (error as { retriable?: boolean } | null)?.retriable === true;
}
