/**
 * admin-service's internal API (`x-internal-token`, served outside `/api`, never routed by the
 * edge). registration-service records the erasures it carried out in the audit log
 * (`erasureAudit`); notifications-service keeps an SMS campaign's counts live
 * (`smsCampaignCounts`, its body smsCampaignCountsSchema in sms-api.schema.ts).
 */
import { z } from 'zod';
import { smsCampaignCountsSchema } from '../sms-api.schema';

const segment = (value: string): string => encodeURIComponent(value);

export const ADMIN_INTERNAL_PATHS = {
  /** `PATCH` SmsCampaignCounts -> `data: SmsCampaignCounts` as saved; 404 for a campaign admin-service does not know. */
  smsCampaignCounts: (campaignId: string) => `/internal/sms/campaigns/${segment(campaignId)}/counts`,
  /** `POST` ErasureAudit -> 204: erasures carried out by registration-service, recorded in the audit log. */
  erasureAudit: '/internal/audit/erasures',
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

export const smsCampaignCountsResponseSchema = z.object({ success: z.literal(true), data: smsCampaignCountsSchema });
