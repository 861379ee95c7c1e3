/**
 * documents-service's rendering of a data export (internal API, `x-internal-token`, never routed by
 * the edge). registration-service sends everything held about a candidate and answers the guardian
 * with the readable PDF documents-service makes of it (Chromium lives there); nothing is stored.
 * documents-service parses the body with candidateDataExportSchema (data-rights.schema.ts).
 */

export const DOCUMENTS_INTERNAL_PATHS = {
  /** `POST` CandidateDataExport (up to 8 MB: the photo and signature ride along) -> 200 `application/pdf`. */
  dataExportPdf: '/internal/documents/data-export.pdf',
  /** `POST` SchoolResultsReport (documents-school-results.contract.ts) -> 200 `application/pdf`: a school's report of a level. */
  schoolResultsPdf: '/internal/documents/school-results.pdf',
} as const;
