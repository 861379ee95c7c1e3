import { z } from 'zod';

/**
 * MSG91's delivery-report webhook: a list (possibly under `data`) of requests, each with its
 * request id (the id its send answer gave) and one report per number. Status 1 = delivered;
 * 2 failed, 9 NDNC, 16 rejected, 17 blocked, 25/26 rejected by the operator or DLT = failed;
 * anything else (submitted, pending) is not final and ignored.
 */
const reportSchema = z.object({
  number: z.string().optional(),
  status: z.union([z.string(), z.number()]).transform(String),
  desc: z.string().optional(),
});
const requestSchema = z.object({ requestId: z.string().min(1), report: z.array(reportSchema).min(1) });
export const deliveryReportBodySchema = z.union([z.array(requestSchema), z.object({ data: z.array(requestSchema) }).transform((body) => body.data)]);

const FAILED = new Set(['2', '9', '16', '17', '25', '26']);

export interface DeliveryReport {
  providerMessageId: string;
  /** The recipient the report is about (a request may have many). */
  number?: string;
  status: 'delivered' | 'failed';
  reason: string | null;
}

export function finalReports(body: z.output<typeof deliveryReportBodySchema>): DeliveryReport[] {
  const reports: DeliveryReport[] = [];
  for (const request of body) {
    for (const report of request.report) {
      const number = report.number ? { number: report.number } : {};
      if (report.status === '1') reports.push({ providerMessageId: request.requestId, ...number, status: 'delivered', reason: null });
      else if (FAILED.has(report.status)) {
        reports.push({ providerMessageId: request.requestId, ...number, status: 'failed', reason: `Undelivered: ${report.desc ?? `status ${report.status}`}` });
      }
    }
  }
  return reports;
}
