import { z } from 'zod';

/**
 * A CSP violation report as browsers send it: `application/csp-report` (`report-uri`,
 * `{ "csp-report": {...} }`) or `application/reports+json` (`report-to`, a list of reports).
 */
const legacyReport = z.object({
  'csp-report': z
    .object({
      'document-uri': z.string().optional(),
      'blocked-uri': z.string().optional(),
      'effective-directive': z.string().optional(),
      'violated-directive': z.string().optional(),
      disposition: z.string().optional(),
      'source-file': z.string().optional(),
      'line-number': z.number().optional(),
      'column-number': z.number().optional(),
    })
    .loose(),
});

const reportingApiReport = z
  .object({
    type: z.string(),
    body: z
      .object({
        documentURL: z.string().optional(),
        blockedURL: z.string().optional(),
        effectiveDirective: z.string().optional(),
        disposition: z.string().optional(),
        sourceFile: z.string().optional(),
        lineNumber: z.number().optional(),
        columnNumber: z.number().optional(),
      })
      .loose(),
  })
  .loose();

export const cspReportBody = z.union([legacyReport, z.array(reportingApiReport).min(1).max(100)]);
export type CspReportBody = z.infer<typeof cspReportBody>;

/** What is logged of one violation: where and what, never the sample, referrer or a query string. */
export interface CspViolationSummary {
  document?: string;
  blocked?: string;
  directive?: string;
  disposition?: string;
  source?: string;
  line?: number;
  column?: number;
}

/**
 * A URL without its query string and fragment (they may carry a registration number or a
 * name); keywords such as `inline`, `eval` or `data` are kept as they are.
 */
export function withoutQuery(url: string | undefined): string | undefined {
  if (url === undefined || url === '') return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'data:' || parsed.protocol === 'blob:') return parsed.protocol.slice(0, -1);
    return `${parsed.origin}${parsed.pathname}`.slice(0, 300);
  } catch {
    return url.split(/[?#]/)[0].slice(0, 100);
  }
}

const definedOnly = (summary: CspViolationSummary): CspViolationSummary =>
  Object.fromEntries(Object.entries(summary).filter(([, value]) => value !== undefined)) as CspViolationSummary;

export function summarizeCspReport(report: CspReportBody): CspViolationSummary[] {
  if (!Array.isArray(report)) {
    const r = report['csp-report'];
    return [
      definedOnly({
        document: withoutQuery(r['document-uri']),
        blocked: withoutQuery(r['blocked-uri']),
        directive: r['effective-directive'] ?? r['violated-directive']?.split(' ')[0],
        disposition: r.disposition,
        source: withoutQuery(r['source-file']),
        line: r['line-number'],
        column: r['column-number'],
      }),
    ];
  }
  return report
    .filter((r) => r.type === 'csp-violation')
    .map(({ body }) =>
      definedOnly({
        document: withoutQuery(body.documentURL),
        blocked: withoutQuery(body.blockedURL),
        directive: body.effectiveDirective,
        disposition: body.disposition,
        source: withoutQuery(body.sourceFile),
        line: body.lineNumber,
        column: body.columnNumber,
      }),
    );
}

/**
 * At most `limit` reports per window for the whole service: a page with a broken policy (or
 * someone posting reports) cannot flood the logs. Not per client: the report carries nothing
 * worth telling clients apart, and a shared budget needs no trust in X-Forwarded-For.
 */
export class FixedWindowLimiter {
  private windowStart = 0;
  private count = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** true if one more is allowed; otherwise the seconds until the window ends. */
  take(): true | number {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.count = 0;
    }
    if (this.count >= this.limit) return Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000));
    this.count += 1;
    return true;
  }
}
