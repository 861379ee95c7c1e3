import { authEnv, composeEnv, editionEnv, kafkaEnv, mongoEnv, positiveIntField, serviceEnv, serviceUrlsEnv, tokenRevocationEnv, trustedProxyEnv } from '@kbe/server-config';

/** registration-service, whose candidates exams-service seats, and documents-service, which renders the centres' printed lists (the other service URLs are not called). */
const registrationServiceEnv = { REGISTRATION_SERVICE_URL: serviceUrlsEnv.REGISTRATION_SERVICE_URL };
const documentsServiceEnv = { DOCUMENTS_SERVICE_URL: serviceUrlsEnv.DOCUMENTS_SERVICE_URL };
/** How often audit entries admin-service did not take (it was away) are sent to it again (ADMIN_SERVICE_URL, tokenRevocationEnv). */
const auditForwardEnv = { AUDIT_FORWARD_INTERVAL_MS: positiveIntField(30_000) };
import type { z } from 'zod';

export const SERVICE_NAME = 'exams-service';

/**
 * The imports' JSON bodies carry a CSV (centres and results up to 2 MB, attendance up to 1,000,000 characters),
 * escaped: more than HTTP_BODY_LIMIT, so that the CSV's own limit is the one a user meets.
 */
export const LARGE_JSON_BODIES = [
  { path: '/api/admin/centres/import', limit: '6mb' },
  { path: '/api/admin/centres/:code/attendance/import', limit: '8mb' },
  { path: '/api/admin/results/import', limit: '6mb' },
] as const;

/**
 * exams-service: its own database (`<MONGODB_DB_PREFIX>-exams`), Kafka (the outbox publisher every
 * service stands on, nothing published yet; candidate.erased consumed), admin tokens verified with the public keys, and
 * the edition whose centres are numbered (EDITION_YEAR, as in registration-service), and
 * registration-service (REGISTRATION_SERVICE_URL), whose candidates it seats, and documents-service
 * (DOCUMENTS_SERVICE_URL), which renders the centres' printed lists; the client address behind the
 * edge (TRUSTED_PROXY_HOPS) for the audit log of results, whose entries go to admin-service's audit
 * log (ADMIN_SERVICE_URL, where logged-out tokens are looked up too; AUDIT_FORWARD_INTERVAL_MS).
 */
export const examsEnvSchema = composeEnv(
  serviceEnv(3105),
  mongoEnv,
  kafkaEnv,
  authEnv,
  tokenRevocationEnv,
  editionEnv,
  trustedProxyEnv,
  registrationServiceEnv,
  documentsServiceEnv,
  auditForwardEnv,
);

export type ExamsConfig = z.output<typeof examsEnvSchema>;
