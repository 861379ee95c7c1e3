/**
 * admin-service's internal API (`x-internal-token`, served outside `/api`, never routed by the
 * edge). registration-service records the erasures it carried out in the audit log
 * (`erasureAudit`); exams-service records its audited writes there (`auditEntries`);
 * notifications-service keeps an SMS campaign's counts live (`smsCampaignCounts`, its body
 * smsCampaignCountsSchema in sms-api.schema.ts).
 */
import { z } from 'zod';
import { ADMIN_ROLES } from '../admin-api.schema';
import { smsCampaignCountsSchema } from '../sms-api.schema';

const segment = (value: string): string => encodeURIComponent(value);

export const ADMIN_INTERNAL_PATHS = {
  /** `PATCH` SmsCampaignCounts -> `data: SmsCampaignCounts` as saved; 404 for a campaign admin-service does not know. */
  smsCampaignCounts: (campaignId: string) => `/internal/sms/campaigns/${segment(campaignId)}/counts`,
  /** `POST` ErasureAudit -> 204: erasures carried out by registration-service, recorded in the audit log. */
  erasureAudit: '/internal/audit/erasures',
  /** `POST` ServiceAuditEntries -> 204: another service's audited writes, recorded in the audit log once per `entryId`. */
  auditEntries: '/internal/audit/entries',
} as const;

/**
 * `POST /internal/audit/erasures`: erasures registration-service carried out, for the audit log
 * (who, what, when; never personal data). A repeated post is harmless.
 */
export const erasureAuditSchema = z.strictObject({
  erasures: z
    .array(
      z.strictObject({
        candidateCode: z.string().min(1).max(40),
        reason: z.enum(['withdrawal', 'request']),
        /** `guardian` (a withdrawal with the guardian's code) or the admin who resolved the request. */
        requestedBy: z.string().min(1).max(100),
        erasedAt: z.iso.datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(100),
});
export type ErasureAudit = z.output<typeof erasureAuditSchema>;

/** The actions other services may record in the audit log (exams-service's results); an admin's own actions are admin-service's alone. */
export const SERVICE_AUDIT_ACTIONS = ['results.import', 'results.replace', 'results.publish', 'results.withdraw'] as const;
export type ServiceAuditAction = (typeof SERVICE_AUDIT_ACTIONS)[number];
/** At most this many characters of JSON in an entry's details. */
export const SERVICE_AUDIT_DETAILS_MAX = 2_000;

/**
 * `POST /internal/audit/entries`: audited writes another service recorded first in its own log,
 * in the audit log's shape (who, what, when, from where). A repeated post (the same `entryId`)
 * is recorded once.
 */
export const serviceAuditEntriesSchema = z.strictObject({
  entries: z
    .array(
      z.strictObject({
        entryId: z.string().min(1).max(100),
        actor: z.string().min(1).max(64),
        role: z.enum(ADMIN_ROLES),
        action: z.enum(SERVICE_AUDIT_ACTIONS),
        targetType: z.string().min(1).max(40),
        targetId: z.string().min(1).max(64),
        details: z
          .record(z.string(), z.unknown())
          .refine((details) => JSON.stringify(details).length <= SERVICE_AUDIT_DETAILS_MAX, { error: `must be at most ${SERVICE_AUDIT_DETAILS_MAX} characters of JSON` }),
        /** The client address the service saw. */
        ip: z.string().min(1).max(64),
        at: z.iso.datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(100),
});
export type ServiceAuditEntries = z.output<typeof serviceAuditEntriesSchema>;

export const smsCampaignCountsResponseSchema = z.object({ success: z.literal(true), data: smsCampaignCountsSchema });
