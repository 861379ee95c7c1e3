import type { DataRequestView, RetentionReport } from '@kbe/contracts';
import type { AuditLog, AuditRecord } from '../audit/audit-log';
import type { RegistrationClient } from '../common/registration.client';
import { PrivacyUseCase } from './privacy.usecase';

const admin = { username: 'chief', role: 'admin' as const, tokenId: 't', expiresAt: 0 };
const origin = { headers: {} };

const erasure: DataRequestView = {
  id: 'DR000007',
  candidateCode: 'KBE100001ERA',
  kind: 'erasure',
  details: 'Please remove my daughter Asha Patil, 9876500001',
  status: 'done',
  requestedAt: '2026-01-01T10:00:00.000Z',
  dueAt: '2026-04-01T10:00:00.000Z',
  handledBy: 'chief',
  handledAt: '2026-01-02T10:00:00.000Z',
  resolution: 'Erased as asked by the mother, Sunita Patil',
};

const report: RetentionReport = {
  editionYear: 2026,
  resultsPublishedOn: '2026-03-01',
  retentionDays: 180,
  purgeDueOn: '2026-08-28',
  state: 'waiting',
  candidates: 1051,
  purged: 0,
  startedAt: null,
  finishedAt: null,
  fields: ['Photo'],
};

/** The use case over a fake registration client answering `answer`, or refusing every write with `refusal`. */
function setup(answer: unknown, refusal?: Error) {
  const calls: { method: string; path: string; options: unknown }[] = [];
  const audited: AuditRecord[] = [];
  const registration = {
    get: async (path: string, query?: unknown) => {
      calls.push({ method: 'GET', path, options: query });
      return { success: true, data: answer };
    },
    send: async (method: string, path: string, options: unknown) => {
      calls.push({ method, path, options });
      if (refusal) throw refusal;
      return { success: true, data: answer };
    },
  } as unknown as RegistrationClient;
  const audit = {
    record: async (_admin: unknown, _from: unknown, entry: AuditRecord) => {
      audited.push(entry);
    },
  } as unknown as AuditLog;
  return { useCase: new PrivacyUseCase(registration, audit), calls, audited };
}

describe('PrivacyUseCase', () => {
  it("resolves a request as the signed-in admin and audits its kind, outcome and candidate code, never the note or the guardian's words", async () => {
    const { useCase, calls, audited } = setup(erasure);
    const note = 'Erased as asked by the mother, Sunita Patil';
    expect(await useCase.resolve(admin, origin, 'DR000007', { outcome: 'done', note })).toEqual(erasure);
    expect(calls).toEqual([
      { method: 'POST', path: '/internal/data-requests/DR000007/resolve', options: { body: { outcome: 'done', note, handledBy: 'chief' } } },
    ]);
    expect(audited).toEqual([
      {
        action: 'data-request.resolve',
        target: { type: 'data-request', id: 'DR000007' },
        details: { kind: 'erasure', outcome: 'done', candidateCode: 'KBE100001ERA' },
      },
    ]);
    expect(JSON.stringify(audited)).not.toMatch(/Sunita|Asha|9876500001/);
  });

  it('audits nothing when registration-service refuses the resolution', async () => {
    const { useCase, audited } = setup(erasure, Object.assign(new Error('This request has already been handled.'), { status: 409 }));
    await expect(useCase.resolve(admin, origin, 'DR000007', { outcome: 'refused', note: 'No' })).rejects.toMatchObject({ status: 409 });
    expect(audited).toEqual([]);
  });

  it('passes the queue filter through and records the results date with the purge date it sets', async () => {
    const { useCase, calls, audited } = setup(report);
    await useCase.queue({ status: 'all', page: 2, limit: 20 });
    expect(calls[0]).toEqual({ method: 'GET', path: '/internal/data-requests', options: { status: 'all', page: 2, limit: 20 } });
    expect(await useCase.setResultsDate(admin, origin, { resultsPublishedOn: '2026-03-01' })).toEqual(report);
    expect(calls[1]).toEqual({ method: 'PUT', path: '/internal/retention/results-date', options: { body: { resultsPublishedOn: '2026-03-01' } } });
    expect(audited).toEqual([
      { action: 'retention.results-date', target: { type: 'edition', id: '2026' }, details: { resultsPublishedOn: '2026-03-01', purgeDueOn: '2026-08-28' } },
    ]);
  });
});
