import type { Admin } from 'kafkajs';

/** The part of a kafkajs client this needs (also satisfied by the Nest transport's client type). */
interface AdminFactory {
  admin(): Pick<Admin, 'connect' | 'disconnect' | 'listTopics' | 'createTopics'>;
}

/**
 * Creates the topics that do not exist yet and waits for their leaders, so the first send or
 * subscribe does not race the broker's auto-creation. Existing topics are left as they are.
 */
export async function ensureTopics(kafka: AdminFactory, topics: readonly string[]): Promise<void> {
  if (topics.length === 0) return;
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((topic) => !existing.has(topic));
    if (missing.length === 0) return;
    await admin.createTopics({ topics: missing.map((topic) => ({ topic })), waitForLeaders: true });
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}
