/** Paths of the HTTP API (spec section 7). The edge routes each prefix to its service. */
export type DocumentKind = 'hall-ticket' | 'certificate';
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['hall-ticket', 'certificate'];

const segment = (value: string): string => encodeURIComponent(value);

export const API_PATHS = {
  schoolsRegister: '/api/schools/register',
  /** Public lookup `?code=` answers code, name and city only; the full list needs an admin token. */
  schools: '/api/schools',
  mentorsRegister: '/api/mentors/register',
  mentors: '/api/mentors',
  candidatesRegister: '/api/candidates/register',
  candidates: '/api/candidates',
  candidateSearch: (registrationNumber: string) => `/api/candidates/search/${segment(registrationNumber)}`,
  candidateDownload: (candidateCode: string, kind: DocumentKind) =>
    `/api/candidates/${segment(candidateCode)}/download/${kind}`,
  contact: '/api/contact',
  statistics: '/api/statistics',
  health: '/api/health',
  serviceHealth: (service: string) => `/api/health/${segment(service)}`,
  adminLogin: '/api/admin/login',
  adminMe: '/api/admin/me',
  adminDashboard: '/api/admin/dashboard',
  adminCandidates: '/api/admin/candidates',
  adminMentors: '/api/admin/mentors',
  adminLogout: '/api/admin/logout',
  adminCandidate: (candidateId: string) => `/api/admin/candidates/${segment(candidateId)}`,
  adminCandidateRestore: (candidateId: string) => `/api/admin/candidates/${segment(candidateId)}/restore`,
  adminCandidateFees: (candidateId: string) => `/api/admin/candidates/${segment(candidateId)}/fees`,
  adminHallTicket: (candidateId: string) => `/api/admin/candidates/${segment(candidateId)}/hall-ticket`,
  /** The rendered PDF for the admin area's print button (documents-service). */
  adminDocumentPdf: (candidateId: string, kind: DocumentKind) =>
    `/api/admin/candidates/${segment(candidateId)}/${kind}.pdf`,
  documentVerify: (token: string) => `/api/documents/verify/${segment(token)}`,
  adminCertificate: (candidateId: string) => `/api/admin/candidates/${segment(candidateId)}/certificate`,
  adminExamAssignment: (candidateId: string) => `/api/admin/candidates/${segment(candidateId)}/exam-assignment`,
  adminExamAssignmentImport: '/api/admin/candidates/exam-assignments/import',
  adminCandidatesExport: '/api/admin/candidates/export.csv',
  adminMentor: (mentorCode: string) => `/api/admin/mentors/${segment(mentorCode)}`,
  adminMentorStatus: (mentorCode: string) => `/api/admin/mentors/${segment(mentorCode)}/status`,
  adminMentorsExport: '/api/admin/mentors/export.csv',
  adminSchools: '/api/admin/schools',
  adminHallTicketsRelease: '/api/admin/hall-tickets/release',
  adminCertificatesRelease: '/api/admin/certificates/release',
  adminReleaseJob: (jobId: string) => `/api/admin/release-jobs/${segment(jobId)}`,
  adminAudit: '/api/admin/audit',
  adminMessages: '/api/admin/messages',
  smsSend: '/api/sms/send',
  smsSendBulk: '/api/sms/send-bulk',
  smsSendTemplate: '/api/sms/send-template',
  smsHistory: '/api/sms/history',
  smsRecipientGroups: '/api/sms/recipient-groups',
  smsTemplates: '/api/sms/templates',
} as const;

/** Header carrying a client-chosen key so a retried registration is not stored twice. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
