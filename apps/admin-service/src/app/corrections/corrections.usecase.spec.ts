import type { CorrectionView } from '@kbe/contracts';
import type { AuditLog, AuditRecord } from '../audit/audit-log';
import type { RegistrationClient } from '../common/registration.client';
import { CorrectionsUseCase } from './corrections.usecase';

const admin = { username: 'chief', role: 'admin' as const, tokenId: 't', expiresAt: 0 };
const origin = { headers: {} };

const decided = (status: CorrectionView['status']): CorrectionView => ({
  id: 'CR000007',
  candidateCode: 'KBE100001CRX',
  candidateName: 'Asha Patil',
  schoolCode: 'SCH-7KQ2XM',
  mentorCode: 'MEN-4HT9PA',
  requestedBy: { role: 'school', code: 'SCH-7KQ2XM' },
  changes: [
    { field: 'personalDetails.motherName', label: "Mother's name", from: 'Sunitha Patil', to: 'Sunita Patil' },
    { field: 'contactDetails.phoneNumber', label: 'Phone number', from: '9876500001', to: '9876500002' },
  ],
  note: 'As on the birth certificate of Asha',
  status,
  requestedAt: '2026-01-01T10:00:00.000Z',
  decidedAt: '2026-01-02T10:00:00.000Z',
  decidedBy: 'chief',
  reason: status === 'rejected' ? 'The register says Sunitha Patil' : null,
});

function setup(answer: unknown) {
  const calls: { method: string; path: string; options: unknown }[] = [];
  const audited: AuditRecord[] = [];
  const registration = {
    get: async (path: string, query?: unknown) => {
      calls.push({ method: 'GET', path, options: query });
      return { success: true, data: answer };
    },
    send: async (method: string, path: string, options: unknown) => {
      calls.push({ method, path, options });
      return { success: true, data: answer };
    },
  } as unknown as RegistrationClient;
  const audit = { record: async (_admin: unknown, _from: unknown, entry: AuditRecord) => void audited.push(entry) } as unknown as AuditLog;
  return { useCase: new CorrectionsUseCase(registration, audit), calls, audited };
}

describe('CorrectionsUseCase', () => {
  it('approves as the signed-in admin and audits the request id, candidate code, fields and decision, never a value, the note or the reason', async () => {
    const { useCase, calls, audited } = setup(decided('approved'));
    await useCase.approve(admin, origin, 'CR000007', {});
    expect(calls).toEqual([{ method: 'POST', path: '/internal/corrections/CR000007/approve', options: { body: { decidedBy: 'chief' } } }]);
    expect(audited).toEqual([
      {
        action: 'correction.approve',
        target: { type: 'correction', id: 'CR000007' },
        details: { candidateCode: 'KBE100001CRX', fields: ['personalDetails.motherName', 'contactDetails.phoneNumber'], decision: 'approved' },
      },
    ]);
    expect(JSON.stringify(audited)).not.toMatch(/Sunita|Asha|98765/);
  });

  it('rejects with the reason sent to registration-service, and audits the rejection without it', async () => {
    const { useCase, calls, audited } = setup(decided('rejected'));
    await useCase.reject(admin, origin, 'CR000007', { reason: 'The register says Sunitha Patil' });
    expect(calls[0]).toEqual({ method: 'POST', path: '/internal/corrections/CR000007/reject', options: { body: { decidedBy: 'chief', reason: 'The register says Sunitha Patil' } } });
    expect(audited[0]).toMatchObject({ action: 'correction.reject', details: { decision: 'rejected' } });
    expect(JSON.stringify(audited)).not.toContain('register');
  });

  it('reads the queue and one request without auditing', async () => {
    const { useCase, calls, audited } = setup({ items: [], page: 1, limit: 20, total: 0, open: 0 });
    await useCase.queue({ status: 'all', page: 2, limit: 10 });
    await useCase.get('CR000001');
    expect(calls).toEqual([
      { method: 'GET', path: '/internal/corrections', options: { status: 'all', page: 2, limit: 10 } },
      { method: 'GET', path: '/internal/corrections/CR000001', options: undefined },
    ]);
    expect(audited).toEqual([]);
  });
});
