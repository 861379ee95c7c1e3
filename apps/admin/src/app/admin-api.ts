import { createContext, useContext } from 'react';
import { createHttpClient, HttpError, type HttpClient, type QueryValue } from '@kbe/api-client';
import {
  API_PATHS,
  ATTENDANCE_ADMIN_PATHS,
  CENTRE_LIST_ADMIN_PATHS,
  CORRECTION_PATHS,
  DATA_RIGHTS_API_PATHS,
  EXAMS_ADMIN_PATHS,
  RESULTS_ADMIN_PATHS,
  schoolResultsReportPdfPath,
  toBracketedFields,
  type AdminCandidateDetail,
  type AdminCandidateListData,
  type AdminCandidateListQuery,
  type AdminDashboardData,
  type AdminLoginResponse,
  type AdminMeResponse,
  type AdminMentorDetail,
  type AdminMentorListData,
  type AdminMentorListQuery,
  type AdminSchoolListData,
  type AdminSchoolListQuery,
  type ApiSuccess,
  type AttendanceImportResult,
  type AuditListData,
  type AuditQuery,
  type BracketableObject,
  type BulkReleaseInput,
  type CandidateRegistration,
  type Centre,
  type CentreImportReport,
  type CentreListKind,
  type CentreListsProgress,
  type CentreListQuery,
  type CentreView,
  type ContactInboxData,
  type ContactInboxQuery,
  type CorrectionApproval,
  type CorrectionQueue,
  type CorrectionQueueQuery,
  type CorrectionRejection,
  type CorrectionView,
  type DataRequestQueue,
  type DataRequestQueueQuery,
  type DataRequestResolution,
  type DataRequestView,
  type ExamAssignmentImportResult,
  type ExamAssignmentInput,
  type ExamLevel,
  type KbeCategory,
  type LevelResultsSummary,
  type MentorRegistration,
  type Pagination,
  type ReleaseJob,
  type RankedResult,
  type ReleaseKind,
  type ResultsImportReport,
  type ResultsImportRequest,
  type RetentionReport,
  type RoomAttendance,
  type RoomAttendanceInput,
  type SeatAllocationJob,
  type SeatAllocationRequest,
  type SmsHistoryData,
  type SmsRecipientGroupSize,
  type SmsSendBulkInput,
  type SmsSendInput,
  type SmsSendResponse,
  type SmsSendTemplateInput,
  type SmsTemplateText,
  type SmsTemplatesResponse,
} from '@kbe/contracts';

import { clearSession, readSession } from './admin-session.store';

/** Everything the admin area asks the server (spec section 7 plus the endpoints). */
export interface AdminApi {
  login(username: string, password: string): Promise<AdminLoginResponse>;
  me(): Promise<AdminMeResponse>;
  logout(): Promise<void>;
  dashboard(): Promise<AdminDashboardData>;
  candidates(query: AdminCandidateListQuery, signal?: AbortSignal): Promise<AdminCandidateListData>;
  candidate(candidateId: string): Promise<AdminCandidateDetail>;
  addCandidate(candidate: CandidateRegistration, files: { photo: File; signature: File }): Promise<AdminCandidateDetail>;
  updateCandidate(candidateId: string, candidate: CandidateRegistration): Promise<AdminCandidateDetail>;
  deleteCandidate(candidateId: string): Promise<void>;
  restoreCandidate(candidateId: string): Promise<void>;
  setFees(candidateId: string, feesPaid: boolean, receiptNumber?: string): Promise<void>;
  setExamAssignment(candidateId: string, input: ExamAssignmentInput): Promise<void>;
  importExamAssignments(csv: string): Promise<ExamAssignmentImportResult>;
  /** Releases the hall ticket (refused with 'Payment Required' when unpaid) or the certificate of one candidate. */
  releaseDocument(kind: ReleaseKind, candidateId: string): Promise<void>;
  documentPdf(kind: ReleaseKind, candidateId: string): Promise<Blob>;
  startBulkRelease(kind: ReleaseKind, input: BulkReleaseInput): Promise<ReleaseJob>;
  releaseJob(jobId: string): Promise<ReleaseJob>;
  mentors(query: AdminMentorListQuery, signal?: AbortSignal): Promise<AdminMentorListData>;
  mentor(mentorCode: string): Promise<AdminMentorDetail>;
  addMentor(mentor: MentorRegistration): Promise<AdminMentorDetail>;
  updateMentor(mentorCode: string, mentor: MentorRegistration): Promise<AdminMentorDetail>;
  setMentorActive(mentorCode: string, isActive: boolean): Promise<void>;
  schools(query: AdminSchoolListQuery, signal?: AbortSignal): Promise<AdminSchoolListData>;
  exportCsv(kind: 'candidates' | 'mentors', query: Record<string, QueryValue>): Promise<Blob>;
  sendSms(input: SmsSendInput): Promise<SmsSendResponse>;
  sendSmsBulk(input: SmsSendBulkInput): Promise<SmsSendResponse>;
  sendSmsTemplate(input: SmsSendTemplateInput): Promise<SmsSendResponse>;
  smsHistory(limit?: number): Promise<SmsHistoryData>;
  smsRecipientGroups(): Promise<SmsRecipientGroupSize[]>;
  /** The templates as admin-service sends them (the portal address filled in). */
  smsTemplates(): Promise<SmsTemplateText[]>;
  audit(query: AuditQuery, signal?: AbortSignal): Promise<AuditListData>;
  messages(query: ContactInboxQuery, signal?: AbortSignal): Promise<ContactInboxData>;
  /** Guardians' data requests (issue 25) with the open and overdue counts. */
  dataRequests(query: DataRequestQueueQuery, signal?: AbortSignal): Promise<DataRequestQueue>;
  /** `done` on an erasure request erases the candidate's data. */
  resolveDataRequest(id: string, resolution: DataRequestResolution): Promise<DataRequestView>;
  retention(): Promise<RetentionReport>;
  setResultsDate(resultsPublishedOn: string): Promise<RetentionReport>;
  /** Corrections of pupils' details asked by schools and mentors (issue 27), open first, with the open count. */
  corrections(query: CorrectionQueueQuery, signal?: AbortSignal): Promise<CorrectionQueue>;
  correction(id: string, signal?: AbortSignal): Promise<CorrectionView>;
  /** The record takes the new values; answers the server's message with the decided request. */
  approveCorrection(id: string, input: CorrectionApproval): Promise<{ message: string; correction: CorrectionView }>;
  rejectCorrection(id: string, input: CorrectionRejection): Promise<{ message: string; correction: CorrectionView }>;
  /** Exam centres with their rooms and sittings (exams-service, docs/exam-operations.md). */
  centres(query: CentreListQuery, signal?: AbortSignal): Promise<{ centres: CentreView[]; pagination: Pagination }>;
  centre(code: string): Promise<CentreView>;
  addCentre(centre: Centre): Promise<CentreView>;
  updateCentre(code: string, centre: Centre): Promise<CentreView>;
  deleteCentre(code: string): Promise<void>;
  /** The CSV of CENTRE_CSV_COLUMNS; a dry run only checks it. */
  importCentres(csv: string, dryRun: boolean): Promise<CentreImportReport>;
  /** 202 with the queued job; 409 while an allocation of the level runs. */
  startSeatAllocation(request: SeatAllocationRequest): Promise<SeatAllocationJob>;
  seatAllocationJob(jobId: string): Promise<SeatAllocationJob>;
  /** One of a centre's printed lists (docs/printed-lists.md): the PDF once made, else the job's progress (202); 409 without seats. */
  centreListPdf(code: string, kind: CentreListKind): Promise<{ pdf: Blob } | { progress: CentreListsProgress }>;
  /** The centre's rooms of the level, each seat with its mark (docs/seat-allocation.md "Attendance"). */
  attendance(code: string, level: ExamLevel): Promise<RoomAttendance[]>;
  /** Records one room: the listed roll numbers were absent, every other seat sat the paper; 422 for a roll number not in the room. */
  markRoomAttendance(code: string, input: RoomAttendanceInput): Promise<RoomAttendance>;
  /** The invigilators' CSV (rollNumber, absent); an import with any problem stores nothing. */
  importAttendance(code: string, input: { level: ExamLevel; csv: string; dryRun: boolean }): Promise<AttendanceImportResult>;
  /** A level's scores from the OMR sheets (docs/results.md); a dry run only checks; 409 when results are stored and `replace` is not set. */
  importResults(request: ResultsImportRequest): Promise<ResultsImportReport>;
  /** Ranks, cut-offs and the histogram per category of a level, with its publication status. */
  resultsSummary(level: ExamLevel, signal?: AbortSignal): Promise<LevelResultsSummary>;
  rankedResults(level: ExamLevel, q: { category: KbeCategory; page: number; limit: number }, signal?: AbortSignal): Promise<{ results: RankedResult[]; pagination: Pagination }>;
  /** One school's ranked lines of a level as CSV. */
  schoolResultsReport(level: ExamLevel, schoolCode: string): Promise<Blob>;
  /** The same report as a readable PDF (rendered by documents-service); 404 when the school has no candidate in the results. */
  schoolResultsReportPdf(level: ExamLevel, schoolCode: string): Promise<Blob>;
  /** Guardians get the result by SMS, the qualified move on to the next level; 409 with the server's reason. */
  publishResults(level: ExamLevel): Promise<LevelResultsSummary>;
  /** 409 once the level's certificates are released. */
  withdrawResults(level: ExamLevel): Promise<LevelResultsSummary>;
}

export interface AdminApiOptions {
  client?: HttpClient;
  fetch?: typeof fetch;
  /** Called when the server refuses the stored token (401) on any call but the login. */
  onUnauthorized?: () => void;
}

const data = <T,>(answer: ApiSuccess<T>): T => answer.data;
const query = (value: object) => value as Record<string, QueryValue>;

export function createAdminApi(options: AdminApiOptions = {}): AdminApi {
  const client =
    options.client ?? createHttpClient({ fetch: options.fetch, getAuthToken: () => readSession().token });

  /** Every authenticated call: a refused token ends the session (spec section 8). */
  async function authed<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        clearSession();
        options.onUnauthorized?.();
      }
      throw error;
    }
  }

  const toCsvBlob = (text: unknown) => new Blob([typeof text === 'string' ? text : ''], { type: 'text/csv' });

  return {
    login: (username, password) => client.post<AdminLoginResponse>(API_PATHS.adminLogin, { username, password }),
    me: () => client.get<AdminMeResponse>(API_PATHS.adminMe),
    logout: async () => {
      await client.post(API_PATHS.adminLogout, {});
    },
    dashboard: () => authed(async () => data(await client.get<ApiSuccess<AdminDashboardData>>(API_PATHS.adminDashboard))),
    candidates: (q, signal) =>
      authed(async () => data(await client.get<ApiSuccess<AdminCandidateListData>>(API_PATHS.adminCandidates, { query: query(q), signal }))),
    candidate: (id) => authed(async () => data(await client.get<ApiSuccess<AdminCandidateDetail>>(API_PATHS.adminCandidate(id)))),
    addCandidate: (candidate, files) =>
      authed(async () => {
        // The registration form's multipart body: bracketed field names plus the two images.
        const form = new FormData();
        for (const [name, value] of Object.entries(toBracketedFields(candidate as unknown as BracketableObject))) form.append(name, value);
        form.append('photo', files.photo, files.photo.name);
        form.append('signature', files.signature, files.signature.name);
        return data(await client.post<ApiSuccess<AdminCandidateDetail>>(API_PATHS.adminCandidates, form));
      }),
    updateCandidate: (id, candidate) =>
      authed(async () => data(await client.request<ApiSuccess<AdminCandidateDetail>>(API_PATHS.adminCandidate(id), { method: 'PUT', body: candidate }))),
    deleteCandidate: (id) =>
      authed(async () => {
        await client.request(API_PATHS.adminCandidate(id), { method: 'DELETE' });
      }),
    restoreCandidate: (id) =>
      authed(async () => {
        await client.post(API_PATHS.adminCandidateRestore(id), {});
      }),
    setFees: (id, feesPaid, receiptNumber) =>
      authed(async () => {
        await client.patch(API_PATHS.adminCandidateFees(id), receiptNumber ? { feesPaid, receiptNumber } : { feesPaid });
      }),
    setExamAssignment: (id, input) =>
      authed(async () => {
        await client.patch(API_PATHS.adminExamAssignment(id), input);
      }),
    importExamAssignments: (csv) =>
      authed(async () => data(await client.post<ApiSuccess<ExamAssignmentImportResult>>(API_PATHS.adminExamAssignmentImport, { csv }))),
    releaseDocument: (kind, id) =>
      authed(async () => {
        if (kind === 'hall-ticket') await client.patch(API_PATHS.adminHallTicket(id), { hallTicketReleased: true });
        else await client.patch(API_PATHS.adminCertificate(id), { certificateReleased: true });
      }),
    // The rendered PDF, served to admins by documents-service.
    documentPdf: (kind, id) =>
      authed(async () => {
        const body = await client.get<unknown>(API_PATHS.adminDocumentPdf(id, kind), { headers: { Accept: 'application/pdf' } });
        if (!(body instanceof Blob)) throw new Error('The server did not send a PDF');
        return body;
      }),
    startBulkRelease: (kind, input) =>
      authed(async () =>
        data(
          await client.post<ApiSuccess<ReleaseJob>>(kind === 'hall-ticket' ? API_PATHS.adminHallTicketsRelease : API_PATHS.adminCertificatesRelease, input),
        ),
      ),
    releaseJob: (id) => authed(async () => data(await client.get<ApiSuccess<ReleaseJob>>(API_PATHS.adminReleaseJob(id)))),
    mentors: (q, signal) =>
      authed(async () => data(await client.get<ApiSuccess<AdminMentorListData>>(API_PATHS.adminMentors, { query: query(q), signal }))),
    mentor: (code) => authed(async () => data(await client.get<ApiSuccess<AdminMentorDetail>>(API_PATHS.adminMentor(code)))),
    addMentor: (mentor) => authed(async () => data(await client.post<ApiSuccess<AdminMentorDetail>>(API_PATHS.adminMentors, mentor))),
    updateMentor: (code, mentor) =>
      authed(async () => data(await client.request<ApiSuccess<AdminMentorDetail>>(API_PATHS.adminMentor(code), { method: 'PUT', body: mentor }))),
    setMentorActive: (code, isActive) =>
      authed(async () => {
        await client.patch(API_PATHS.adminMentorStatus(code), { isActive });
      }),
    schools: (q, signal) =>
      authed(async () => data(await client.get<ApiSuccess<AdminSchoolListData>>(API_PATHS.adminSchools, { query: query(q), signal }))),
    exportCsv: (kind, q) =>
      authed(async () =>
        toCsvBlob(
          await client.get<unknown>(kind === 'candidates' ? API_PATHS.adminCandidatesExport : API_PATHS.adminMentorsExport, {
            query: q,
            headers: { Accept: 'text/csv' },
          }),
        ),
      ),
    sendSms: (input) => authed(() => client.post<SmsSendResponse>(API_PATHS.smsSend, input)),
    sendSmsBulk: (input) => authed(() => client.post<SmsSendResponse>(API_PATHS.smsSendBulk, input)),
    sendSmsTemplate: (input) => authed(() => client.post<SmsSendResponse>(API_PATHS.smsSendTemplate, input)),
    smsHistory: (limit = 5) => authed(async () => data(await client.get<ApiSuccess<SmsHistoryData>>(API_PATHS.smsHistory, { query: { limit } }))),
    smsRecipientGroups: () =>
      authed(async () => data(await client.get<ApiSuccess<{ groups: SmsRecipientGroupSize[] }>>(API_PATHS.smsRecipientGroups)).groups),
    smsTemplates: () => authed(async () => data(await client.get<SmsTemplatesResponse>(API_PATHS.smsTemplates)).templates),
    audit: (q, signal) => authed(async () => data(await client.get<ApiSuccess<AuditListData>>(API_PATHS.adminAudit, { query: query(q), signal }))),
    messages: (q, signal) =>
      authed(async () => data(await client.get<ApiSuccess<ContactInboxData>>(API_PATHS.adminMessages, { query: query(q), signal }))),
    dataRequests: (q, signal) =>
      authed(async () => data(await client.get<ApiSuccess<DataRequestQueue>>(DATA_RIGHTS_API_PATHS.adminRequests, { query: query(q), signal }))),
    resolveDataRequest: (id, resolution) =>
      authed(async () => data(await client.post<ApiSuccess<DataRequestView>>(DATA_RIGHTS_API_PATHS.adminResolve(id), resolution))),
    retention: () => authed(async () => data(await client.get<ApiSuccess<RetentionReport>>(DATA_RIGHTS_API_PATHS.adminRetention))),
    setResultsDate: (resultsPublishedOn) =>
      authed(async () =>
        data(await client.request<ApiSuccess<RetentionReport>>(DATA_RIGHTS_API_PATHS.adminResultsDate, { method: 'PUT', body: { resultsPublishedOn } })),
      ),
    corrections: (q, signal) => authed(async () => data(await client.get<ApiSuccess<CorrectionQueue>>(CORRECTION_PATHS.admin, { query: query(q), signal }))),
    correction: (id, signal) => authed(async () => data(await client.get<ApiSuccess<CorrectionView>>(CORRECTION_PATHS.adminOne(id), { signal }))),
    approveCorrection: (id, input) =>
      authed(async () => {
        const answer = await client.post<ApiSuccess<CorrectionView>>(CORRECTION_PATHS.adminApprove(id), input);
        return { message: answer.message, correction: answer.data };
      }),
    rejectCorrection: (id, input) =>
      authed(async () => {
        const answer = await client.post<ApiSuccess<CorrectionView>>(CORRECTION_PATHS.adminReject(id), input);
        return { message: answer.message, correction: answer.data };
      }),
    centres: (q, signal) =>
      authed(async () => {
        const answer = await client.get<ApiSuccess<CentreView[]> & { pagination: Pagination }>(EXAMS_ADMIN_PATHS.centres, { query: query(q), signal });
        return { centres: answer.data, pagination: answer.pagination };
      }),
    centre: (code) => authed(async () => data(await client.get<ApiSuccess<CentreView>>(EXAMS_ADMIN_PATHS.centre(code)))),
    addCentre: (centre) => authed(async () => data(await client.post<ApiSuccess<CentreView>>(EXAMS_ADMIN_PATHS.centres, centre))),
    updateCentre: (code, centre) =>
      authed(async () => data(await client.request<ApiSuccess<CentreView>>(EXAMS_ADMIN_PATHS.centre(code), { method: 'PUT', body: centre }))),
    deleteCentre: (code) =>
      authed(async () => {
        await client.request(EXAMS_ADMIN_PATHS.centre(code), { method: 'DELETE' });
      }),
    importCentres: (csv, dryRun) =>
      authed(async () => data(await client.post<ApiSuccess<CentreImportReport>>(EXAMS_ADMIN_PATHS.centresImport, { csv, dryRun }))),
    startSeatAllocation: (request) =>
      authed(async () => data(await client.post<ApiSuccess<SeatAllocationJob>>(EXAMS_ADMIN_PATHS.seatAllocation, request))),
    seatAllocationJob: (id) => authed(async () => data(await client.get<ApiSuccess<SeatAllocationJob>>(EXAMS_ADMIN_PATHS.seatAllocationJob(id)))),
    centreListPdf: (code, kind) =>
      authed(async () => {
        const path = kind === 'attendance' ? CENTRE_LIST_ADMIN_PATHS.attendance(code) : kind === 'door-list' ? CENTRE_LIST_ADMIN_PATHS.doorList(code) : CENTRE_LIST_ADMIN_PATHS.summary(code);
        // 200 is the PDF (a Blob), 202 the job's progress as JSON.
        const body = await client.get<Blob | ApiSuccess<CentreListsProgress>>(path, { headers: { Accept: 'application/pdf, application/json' } });
        if (body instanceof Blob) return { pdf: body };
        if (body && typeof body === 'object' && 'data' in body) return { progress: body.data };
        throw new Error('The server sent neither the PDF nor its progress');
      }),
    attendance: (code, level) =>
      authed(async () => data(await client.get<ApiSuccess<RoomAttendance[]>>(ATTENDANCE_ADMIN_PATHS.rooms(code), { query: { level } }))),
    markRoomAttendance: (code, input) =>
      authed(async () => data(await client.request<ApiSuccess<RoomAttendance>>(ATTENDANCE_ADMIN_PATHS.rooms(code), { method: 'PUT', body: input }))),
    importAttendance: (code, input) =>
      authed(async () => data(await client.post<ApiSuccess<AttendanceImportResult>>(ATTENDANCE_ADMIN_PATHS.import(code), input))),
    importResults: (request) => authed(async () => data(await client.post<ApiSuccess<ResultsImportReport>>(RESULTS_ADMIN_PATHS.import, request))),
    resultsSummary: (level, signal) => authed(async () => data(await client.get<ApiSuccess<LevelResultsSummary>>(RESULTS_ADMIN_PATHS.summary(level), { signal }))),
    rankedResults: (level, q, signal) =>
      authed(async () => {
        const answer = await client.get<ApiSuccess<RankedResult[]> & { pagination: Pagination }>(RESULTS_ADMIN_PATHS.candidates(level), { query: query(q), signal });
        return { results: answer.data, pagination: answer.pagination };
      }),
    schoolResultsReport: (level, school) =>
      authed(async () => toCsvBlob(await client.get<unknown>(`${RESULTS_ADMIN_PATHS.summary(level)}/report.csv`, { query: { school }, headers: { Accept: 'text/csv' } }))),
    schoolResultsReportPdf: (level, school) =>
      authed(async () => {
        const body = await client.get<unknown>(schoolResultsReportPdfPath(level), { query: { school }, headers: { Accept: 'application/pdf' } });
        if (!(body instanceof Blob)) throw new Error('The server did not send a PDF');
        return body;
      }),
    publishResults: (level) => authed(async () => data(await client.post<ApiSuccess<LevelResultsSummary>>(RESULTS_ADMIN_PATHS.publish, { level }))),
    withdrawResults: (level) => authed(async () => data(await client.post<ApiSuccess<LevelResultsSummary>>(RESULTS_ADMIN_PATHS.withdraw, { level }))),
  };
}

export const AdminApiContext = createContext<AdminApi | null>(null);

export function useAdminApi(): AdminApi {
  const api = useContext(AdminApiContext);
  if (!api) throw new Error('useAdminApi needs an AdminApiContext provider');
  return api;
}
