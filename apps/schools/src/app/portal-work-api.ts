import { HttpError, InvalidResponseError, type HttpClient } from '@kbe/api-client';
import {
  CORRECTION_PATHS,
  PORTAL_PATHS,
  PORTAL_RESULTS_PATHS,
  portalImportPath,
  type ClassHallTicketsJob,
  type CorrectionList,
  type CorrectionRequestInput,
  type CorrectionView,
  type PortalImportJob,
  type PortalImportList,
} from '@kbe/contracts/zod-free';

/**
 * The calls of the signed-in screens loaded on demand (bulk registration, hall tickets,
 * results, corrections), over the portal's client (`PortalApi.client`: the session's token, a 401 ends it).
 * Contracts: libs/contracts portal.contract.ts, school-results-report.contract.ts and corrections.contract.ts.
 */

const dataOf = <T>(answer: { data?: T } | null | undefined, what: string): T => {
  if (!answer || answer.data === undefined) throw new InvalidResponseError(`The server sent no ${what}`);
  return answer.data;
};

/** `POST /api/portal/imports`: the sheet and the ZIP, as a dry run or an import -> the job (202). */
export async function startImport(client: HttpClient, sheet: File, photos: File | null, dryRun: boolean): Promise<PortalImportJob> {
  const form = new FormData();
  form.append('file', sheet, sheet.name);
  if (photos) form.append('photos', photos, photos.name);
  form.append('dryRun', String(dryRun));
  return dataOf(await client.post<{ data?: PortalImportJob }>(PORTAL_PATHS.imports, form), 'import');
}

/** `GET /api/portal/imports/{id}`: the job's progress and its rows so far. */
export async function importJob(client: HttpClient, id: string): Promise<PortalImportJob> {
  return dataOf(await client.get<{ data?: PortalImportJob }>(portalImportPath(id)), 'import');
}

/** `GET /api/portal/imports`: the caller's recent jobs, newest first. */
export async function recentImports(client: HttpClient): Promise<PortalImportList> {
  return dataOf(await client.get<{ data?: PortalImportList }>(PORTAL_PATHS.imports, { query: { page: 1, limit: 10 } }), 'imports');
}

/** `POST /api/portal/hall-tickets`: asks for the class's PDF (409 when no hall ticket is released). */
export async function requestHallTickets(client: HttpClient): Promise<ClassHallTicketsJob> {
  return dataOf(await client.post<{ data?: ClassHallTicketsJob }>(PORTAL_PATHS.hallTickets), 'hall-ticket job');
}

/** `GET /api/portal/hall-tickets/{id}`: the job's progress. */
export async function hallTicketsJob(client: HttpClient, id: string): Promise<ClassHallTicketsJob> {
  return dataOf(await client.get<{ data?: ClassHallTicketsJob }>(PORTAL_PATHS.hallTicketsJob(id)), 'hall-ticket job');
}

/** `GET /api/portal/hall-tickets/{id}/file`: the PDF. */
export async function hallTicketsFile(client: HttpClient, id: string): Promise<Blob> {
  const file = await client.get<unknown>(PORTAL_PATHS.hallTicketsFile(id), { headers: { Accept: 'application/pdf' } });
  if (!(file instanceof Blob)) throw new InvalidResponseError('The server did not send a PDF file');
  return file.type ? file : new Blob([file], { type: 'application/pdf' });
}

/** `POST /api/portal/corrections` -> 201 the request. */
export async function requestCorrection(client: HttpClient, input: CorrectionRequestInput): Promise<CorrectionView> {
  return dataOf(await client.post<{ data?: CorrectionView }>(CORRECTION_PATHS.portal, input), 'correction');
}

/** `GET /api/portal/corrections`: the school's (or mentor's) requests, newest first. */
export async function corrections(client: HttpClient, page = 1): Promise<CorrectionList> {
  return dataOf(await client.get<{ data?: CorrectionList }>(CORRECTION_PATHS.portal, { query: { page, limit: 20 } }), 'corrections');
}

/** A 400's messages by field (`errors: [{ field, message }]`), or none. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || error.status !== 400) return {};
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return {};
  const byField: Record<string, string> = {};
  for (const item of errors) {
    const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string') byField[field] = byField[field] ? `${byField[field]} ${message}` : message;
  }
  return byField;
}

/** `GET /api/portal/results/report.csv?level=`: the pupils' published results of the level (404 before any is published). */
export async function resultsReportCsv(client: HttpClient, level: string): Promise<string> {
  const text = await client.get<unknown>(PORTAL_RESULTS_PATHS.reportCsv, { query: { level }, headers: { Accept: 'text/csv' } });
  if (typeof text !== 'string') throw new InvalidResponseError('The server did not send a CSV file');
  return text;
}

/** `GET /api/portal/results/report.pdf?level=`: the same report as a readable PDF. */
export async function resultsReportPdf(client: HttpClient, level: string): Promise<Blob> {
  const file = await client.get<unknown>(PORTAL_RESULTS_PATHS.reportPdf, { query: { level }, headers: { Accept: 'application/pdf' } });
  if (!(file instanceof Blob)) throw new InvalidResponseError('The server did not send a PDF file');
  return file.type ? file : new Blob([file], { type: 'application/pdf' });
}
