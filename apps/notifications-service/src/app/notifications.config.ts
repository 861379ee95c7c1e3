import { authEnv, composeEnv, httpUrlField, kafkaEnv, mongoEnv, positiveIntField, serviceEnv } from '@kbe/server-config';
import { z } from 'zod';

export const SERVICE_NAME = 'notifications-service';

const flag = (defaultValue: boolean) =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default(defaultValue ? 'true' : 'false')
    .transform((value) => value === 'true');

const nonNegativeInt = (defaultValue: number) =>
  z.coerce
    .number({ error: 'must be a whole number, 0 or more' })
    .int({ error: 'must be a whole number, 0 or more' })
    .min(0, { error: 'must be a whole number, 0 or more' })
    .default(defaultValue);

/**
 * `{"hall-ticket":{"templateId":"...","text":"... {#var#} ..."}, ...}`: the DLT-registered templates by
 * message type; the Marathi and Hindi event SMS have their own (`hall-ticket.mr`, `consent-otp.hi`, ...).
 */
const dltTemplatesField = z
  .string()
  .default('{}')
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(
      z.string(),
      z.strictObject({ templateId: z.string().min(1), text: z.string().min(1) }),
      { error: 'must map message types to { templateId, text }' },
    ),
  );

/** SMS delivery: provider, throughput, retries, the events that trigger an SMS. */
export const smsEnv = {
  /**
   * The shared outbox relay's pause (1 s in other services). notifications-service writes nothing
   * to the outbox (it publishes to Kafka once its work is recorded), and each poll of the empty
   * outbox is a scan on the database its delivery log writes to (one writer): once a minute.
   */
  OUTBOX_RELAY_INTERVAL_MS: positiveIntField(60_000),
  /** console (development: logs and records) or http (MSG91). */
  SMS_PROVIDER: z.enum(['console', 'http'], { error: 'must be console or http' }).default('console'),
  /** Provider calls per second, per process; 0 = no limit (benchmarks against a fake). */
  SMS_RATE_LIMIT_PER_SECOND: nonNegativeInt(100),
  /** Recipients per provider request (MSG91 takes many `sms` entries in one call). */
  SMS_HTTP_BATCH_SIZE: positiveIntField(100),
  /** Provider calls in flight at once, per process. */
  SMS_CONCURRENCY: positiveIntField(64),
  SMS_MAX_ATTEMPTS: positiveIntField(5),
  SMS_RETRY_BASE_MS: positiveIntField(500),
  SMS_RETRY_MAX_MS: positiveIntField(30_000),
  SMS_PROVIDER_TIMEOUT_MS: positiveIntField(10_000),
  /** A claimed message not finished within this time is taken over by another sender. */
  SMS_LEASE_MS: positiveIntField(60_000),
  SMS_SWEEP_INTERVAL_MS: positiveIntField(5_000),
  SMS_OUTBOUND_PARTITIONS: positiveIntField(6),
  /**
   * Most bytes the sender fetches per outbound partition at once (about 2,900 messages per MiB):
   * what one chunk of the delivery log can hold, and what a sender holds in memory per partition.
   */
  SMS_FETCH_BYTES_PER_PARTITION: positiveIntField(512 * 1024),
  /**
   * Events of one partition expanded at once (`sms.requested` of a campaign share a partition):
   * the offset is committed only up to the first event not finished, so a crash redelivers it.
   */
  SMS_EVENT_CONCURRENCY: positiveIntField(8),
  /** Recipients fetched from registration-service per page when a group is expanded. */
  SMS_RECIPIENT_PAGE_SIZE: positiveIntField(500),
  /** MSG91: base URL, auth key, sender id, DLT principal entity id and templates. */
  SMS_HTTP_BASE_URL: httpUrlField('https://api.msg91.com'),
  SMS_HTTP_AUTH_KEY: z.string().optional(),
  SMS_SENDER_ID: z.string().regex(/^[A-Z]{6}$/, { error: 'must be the 6-letter DLT header, e.g. KBEYSC' }).optional(),
  SMS_DLT_ENTITY_ID: z.string().regex(/^\d{10,25}$/, { error: 'must be the numeric DLT principal entity id' }).optional(),
  SMS_DLT_TEMPLATES: dltTemplatesField,
  /** Header carrying the per-message idempotency key, for gateways that honour one (empty: none). */
  SMS_HTTP_IDEMPOTENCY_HEADER: z.string().regex(/^[A-Za-z0-9-]+$/, { error: 'must be an HTTP header name' }).optional(),
  /** Token the provider's delivery-report webhook must present (`?token=` or `x-webhook-token`). */
  SMS_WEBHOOK_TOKEN: z.string().min(24, { error: 'must be at least 24 characters long' }).optional(),
  /** One SMS to the candidate when a hall ticket / certificate is released, or on registration. */
  SMS_ON_DOCUMENT_RELEASED: flag(true),
  SMS_ON_CANDIDATE_REGISTERED: flag(false),
  SMS_PORTAL_URL: z.string().default('kbe.example.org'),
  /** Where groups are expanded (internal API) and where campaign counters are reported. */
  REGISTRATION_SERVICE_URL: httpUrlField('http://127.0.0.1:3101'),
  ADMIN_SERVICE_URL: httpUrlField('http://127.0.0.1:3103'),
  /** Push campaign counters to admin-service this often (0 = off). */
  SMS_STATS_REPORT_INTERVAL_MS: nonNegativeInt(2_000),
};

export const notificationsEnvSchema = composeEnv(serviceEnv(3104), mongoEnv, kafkaEnv, authEnv, smsEnv).superRefine(
  (env, context) => {
    if (env.SMS_PROVIDER !== 'http') return;
    for (const name of ['SMS_HTTP_AUTH_KEY', 'SMS_SENDER_ID', 'SMS_DLT_ENTITY_ID'] as const) {
      if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required when SMS_PROVIDER=http' });
    }
  },
);

export type NotificationsConfig = z.output<typeof notificationsEnvSchema>;
