import { EXAM_TIME_FORMAT_MESSAGE, type CandidateSheetRow } from '@kbe/contracts';
import type { AuthenticatedAdmin } from '@kbe/server-auth';
import type { AuditLog, RequestOrigin } from '../../audit/audit-log';
import type { RegistrationClient } from '../../common/registration.client';
import type { FileLinkSigner } from '../file-link.signer';
import { AdminCandidatesUseCase } from './candidates.usecase';

const row = (examTime: string): CandidateSheetRow => ({
  candidateId: 'KBE123456ABC',
  name: 'Aarav Patil',
  fatherName: 'Suresh Patil',
  category: 'Sec',
  standard: '8th',
  schoolName: 'Nashik Model School',
  district: 'Nashik',
  mentorCode: 'MEN-AAAAAA',
  contact: '9000000000',
  email: '',
  feesPaid: true,
  receiptNumber: null,
  hallTicketReleased: true,
  certificateReleased: false,
  consentStatus: 'given',
  center: 'Nashik Centre 1',
  seatNumber: 'S-101',
  examTime,
  createdAt: '2025-10-01T00:00:00.000Z',
  deletedAt: null,
});

function useCase(answer: (method: string, path: string, body: unknown) => unknown) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const registration = {
    get: async (path: string) => answer('GET', path, undefined),
    send: async (method: string, path: string, options: { body?: unknown } = {}) => {
      sent.push({ method, path, body: options.body });
      return answer(method, path, options.body);
    },
  } as unknown as RegistrationClient;
  const links = { link: () => '/signed' } as unknown as FileLinkSigner;
  const audit = { record: async () => undefined } as unknown as AuditLog;
  return { candidates: new AdminCandidatesUseCase(registration, links, audit), sent };
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let all = '';
  for await (const chunk of stream) all += String(chunk);
  return all;
}

const admin = { username: 'chief', role: 'admin' } as unknown as AuthenticatedAdmin;
const origin = { ip: '203.0.113.7' } as unknown as RequestOrigin;

describe('candidates CSV export', () => {
  it("prints the exam time for people, as on the hall ticket, and 'TBA' while unassigned", async () => {
    const { candidates } = useCase(() => ({ data: { rows: [row('2025-11-05T10:00:00+05:30'), row('TBA')], nextCursor: null } }));
    const [header, assigned, unassigned] = (await text(candidates.exportCsv({}))).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header.split(',')).toContain('Exam Time');
    expect(assigned).toContain('"5 November 2025, 10:00 am IST"');
    expect(unassigned).toMatch(/,TBA,2025-10-01T00:00:00.000Z$/);
  });
});

describe('exam assignment import', () => {
  it('refuses a row whose exam time is not a date-time with its offset, naming the expected format, and applies the others', async () => {
    const { candidates, sent } = useCase(() => ({ data: row('2025-11-05T10:00:00+05:30') }));
    const csv = ['candidateId,seatNumber,examTime', 'KBE123456ABC,S-101,2025-11-05T10:00+05:30', 'KBE123456ABD,S-102,10 am on 5 Nov'].join('\n');
    const result = await candidates.importExamAssignments(admin, origin, csv);
    expect(result).toEqual({ rows: 2, updated: 1, failed: [{ line: 3, candidateId: 'KBE123456ABD', message: EXAM_TIME_FORMAT_MESSAGE }] });
    expect(EXAM_TIME_FORMAT_MESSAGE).toContain('2025-11-05T10:00+05:30');
    expect(sent).toEqual([
      { method: 'PATCH', path: '/internal/candidates/KBE123456ABC/exam-assignment', body: { seatNumber: 'S-101', examTime: '2025-11-05T10:00+05:30' } },
    ]);
  });
});

describe('candidate list', () => {
  it("passes the level filter through to registration-service's directory and shows each candidate's level", async () => {
    const asked: unknown[] = [];
    const registration = {
      get: async (path: string, query: unknown) => {
        asked.push([path, query]);
        return { data: { candidates: [{ ...row('TBA'), id: 'KBE123456ABC', candidateCode: 'KBE123456ABC', stage: 'School', level: 'Advanced' }], pagination: { current: 1, pages: 1, total: 1 } } };
      },
    } as unknown as RegistrationClient;
    const candidates = new AdminCandidatesUseCase(registration, { link: () => '/signed' } as unknown as FileLinkSigner, { record: async () => undefined } as unknown as AuditLog);
    const listed = await candidates.list({ level: 'Advanced', category: 'Sec', page: 1 });
    expect(asked).toEqual([['/internal/candidates', { level: 'Advanced', category: 'Sec', page: 1 }]]);
    expect(listed.candidates[0]).toMatchObject({ candidateCode: 'KBE123456ABC', level: 'Advanced' });
  });
});
