import { DOCUMENTS_INTERNAL_PATHS } from '@kbe/contracts';
import {
  authEnv,
  chromiumEnv,
  composeEnv,
  editionEnv,
  httpUrlField,
  kafkaEnv,
  minioEnv,
  mongoEnv,
  positiveIntField,
  secretField,
  serviceEnv,
  tokenRevocationEnv,
  trustedProxyEnv,
} from '@kbe/server-config';
import { z } from 'zod';
import type { DownloadLimits } from './downloads/attempt-limiter';

export const SERVICE_NAME = 'documents-service';

/**
 * A data export carries the photo and signature (JPEGs up to 1200 px) in base64, a school's results
 * report up to SCHOOL_RESULTS_REPORT_MAX_ROWS rows: more than HTTP_BODY_LIMIT.
 */
export const LARGE_JSON_BODIES = [
  { path: DOCUMENTS_INTERNAL_PATHS.dataExportPdf, limit: '8mb' },
  { path: DOCUMENTS_INTERNAL_PATHS.schoolResultsPdf, limit: '8mb' },
] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD' });

/**
 * Edition settings printed on the documents (same variable names as registration-service). A date
 * left unset is the spec's, in the edition's year (print-edition.ts).
 */
const printedEditionEnv = {
  ...editionEnv,
  EDITION_HALL_TICKET_HANDOUT_DATE: isoDate.optional(),
  /** The hand-out time windows, separated by `;`. */
  EDITION_HALL_TICKET_HANDOUT_WINDOWS: z
    .string()
    .min(1, { error: 'must list the time windows separated by ;' })
    .default('8 am to 1 pm;3 pm to 6 pm')
    .transform((value) => value.split(';').map((part) => part.trim()).filter(Boolean)),
  /** The date printed on certificates (default: the Mains exam of the edition). */
  EDITION_CERTIFICATE_DATE: isoDate.optional(),
  EDITION_SIGNING_AUTHORITY: z.string().min(3, { error: 'must name the signing authority' }).default('Chief Secretary, Government of Maharashtra'),
};

/** Chromium pool, cache and download limits. */
const documentsEnv = {
  REGISTRATION_SERVICE_URL: httpUrlField('http://127.0.0.1:3101'),
  /** Base of the verification link printed as a QR code (the public site). */
  PUBLIC_BASE_URL: httpUrlField('http://localhost:8080'),
  /** HMAC key of the verification tokens, at least 32 characters. */
  DOCUMENT_SIGNING_SECRET: secretField(32),
  /** Reused Chromium pages (about one per core). */
  RENDER_POOL_SIZE: positiveIntField(2),
  /** Renders allowed to wait for a page; beyond it the service answers 503 with Retry-After. */
  RENDER_QUEUE_LIMIT: positiveIntField(16),
  RENDER_TIMEOUT_MS: positiveIntField(15_000),
  /**
   * Hall tickets a class's bundle fetches or renders at once (over every bundle of the process). Its
   * renders wait behind every download for a page, so downloads are never starved by a bundle.
   */
  BUNDLE_RENDERS_AT_ONCE: positiveIntField(1),
  /**
   * Release events (hall-ticket.released, certificate.released) of one partition rendered ahead at
   * once: about the Chromium pages, so a release keeps every page busy. Render-ahead does not
   * depend on the order of events (each renders the candidate's record as it is then).
   */
  RENDER_AHEAD_EVENTS_AT_ONCE: positiveIntField(2),
  /** Recently served PDFs kept in memory in front of the MinIO cache, in MB. */
  PDF_MEMORY_CACHE_MB: positiveIntField(32),
  /** Photos and signatures kept in memory for re-renders, in MB. */
  IMAGE_MEMORY_CACHE_MB: positiveIntField(16),
  /** Candidates kept in memory between registration-service's change events (downloads only) ... */
  CANDIDATE_MEMORY_CACHE_ENTRIES: positiveIntField(20_000),
  /** ... and at most this long, should a change announcement have been lost. */
  CANDIDATE_MEMORY_CACHE_SECONDS: positiveIntField(600),
  /** The mother's-name gate: wrong names of one candidate (from any address) within the window ... */
  DOWNLOAD_FAILURE_LIMIT: positiveIntField(5),
  DOWNLOAD_FAILURE_WINDOW_SECONDS: positiveIntField(15 * 60),
  /** ... then that candidate's downloads are locked for this long (429 with Retry-After). */
  DOWNLOAD_LOCKOUT_SECONDS: positiveIntField(15 * 60),
  /**
   * Enumeration from one client address (docs/security.md, "Download gate: threat model"):
   * its unknown codes and the first wrong name of each candidate within the window. Beyond
   * SLOWDOWN_AFTER the answer to each failure waits DELAY_STEP_MS more per failure, at most
   * DELAY_MAX_MS; from LOCK_AFTER its failures answer 429 for LOCKOUT_SECONDS. Sized for a mobile
   * carrier's shared address (CGNAT) with thousands of candidates behind it.
   */
  DOWNLOAD_ADDRESS_WINDOW_SECONDS: positiveIntField(60 * 60),
  DOWNLOAD_ADDRESS_SLOWDOWN_AFTER: positiveIntField(100),
  DOWNLOAD_ADDRESS_DELAY_STEP_MS: positiveIntField(20),
  DOWNLOAD_ADDRESS_DELAY_MAX_MS: positiveIntField(3_000),
  DOWNLOAD_ADDRESS_LOCK_AFTER: positiveIntField(20_000),
  DOWNLOAD_ADDRESS_LOCKOUT_SECONDS: positiveIntField(15 * 60),
  ...trustedProxyEnv,
};

export const documentsEnvSchema = composeEnv(
  serviceEnv(3102),
  mongoEnv,
  kafkaEnv,
  minioEnv,
  authEnv,
  tokenRevocationEnv,
  chromiumEnv,
  printedEditionEnv,
  documentsEnv,
).superRefine((env, context) => {
  if (env.DOWNLOAD_ADDRESS_LOCK_AFTER <= env.DOWNLOAD_ADDRESS_SLOWDOWN_AFTER) {
    context.addIssue({
      code: 'custom',
      path: ['DOWNLOAD_ADDRESS_LOCK_AFTER'],
      message: 'must be greater than DOWNLOAD_ADDRESS_SLOWDOWN_AFTER (an address is slowed down before it is refused)',
    });
  }
});

/** The download limits of both kinds of keys, from the config. */
export function downloadLimitsFromConfig(config: DocumentsConfig): DownloadLimits {
  return {
    candidate: {
      limit: config.DOWNLOAD_FAILURE_LIMIT,
      windowSeconds: config.DOWNLOAD_FAILURE_WINDOW_SECONDS,
      lockoutSeconds: config.DOWNLOAD_LOCKOUT_SECONDS,
    },
    address: {
      limit: config.DOWNLOAD_ADDRESS_LOCK_AFTER,
      windowSeconds: config.DOWNLOAD_ADDRESS_WINDOW_SECONDS,
      lockoutSeconds: config.DOWNLOAD_ADDRESS_LOCKOUT_SECONDS,
      slowdownAfter: config.DOWNLOAD_ADDRESS_SLOWDOWN_AFTER,
      delayStepMs: config.DOWNLOAD_ADDRESS_DELAY_STEP_MS,
      maxDelayMs: config.DOWNLOAD_ADDRESS_DELAY_MAX_MS,
    },
  };
}

export type DocumentsConfig = z.output<typeof documentsEnvSchema>;
