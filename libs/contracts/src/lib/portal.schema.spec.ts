import { PORTAL_MESSAGES } from './portal.contract';
import { PORTAL_CODE_PATTERN, portalCandidateQuerySchema, portalLoginRequestSchema, portalOtpRequestSchema } from './portal.schema';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('portal request schemas', () => {
  it('takes a school or mentor code in any case, trimmed', () => {
    expect(portalOtpRequestSchema.parse({ code: ' sch-7kq2xm ' })).toEqual({ code: 'SCH-7KQ2XM' });
    expect(portalOtpRequestSchema.parse({ code: 'MEN-4HT9PA' })).toEqual({ code: 'MEN-4HT9PA' });
    expect(PORTAL_CODE_PATTERN.test('KBE-4HT9PA')).toBe(false);
  });

  it('names what is wrong with the code and the one-time code', () => {
    expect(messages(portalOtpRequestSchema.safeParse({}))).toEqual([PORTAL_MESSAGES.codeRequired]);
    expect(messages(portalOtpRequestSchema.safeParse({ code: '  ' }))).toEqual([PORTAL_MESSAGES.codeRequired]);
    expect(messages(portalOtpRequestSchema.safeParse({ code: 'KBE123456ABC' }))).toEqual([PORTAL_MESSAGES.codeFormat]);
    expect(messages(portalOtpRequestSchema.safeParse({ code: 42 }))).toEqual([PORTAL_MESSAGES.codeFormat]);
    expect(messages(portalLoginRequestSchema.safeParse({ code: 'SCH-7KQ2XM' }))).toEqual([PORTAL_MESSAGES.otpRequired]);
    expect(messages(portalLoginRequestSchema.safeParse({ code: 'SCH-7KQ2XM', otp: '12345' }))).toEqual([PORTAL_MESSAGES.otpFormat]);
    expect(portalLoginRequestSchema.parse({ code: 'SCH-7KQ2XM', otp: ' 123456 ' })).toEqual({ code: 'SCH-7KQ2XM', otp: '123456' });
  });

  it("reads the admin list's filters and a mentor code, and refuses anything else (the scope is the session's)", () => {
    expect(portalCandidateQuerySchema.parse({ filter: 'paid', mentorCode: 'men-4ht9pa', page: '2', limit: '50', sort: 'name' })).toEqual({
      filter: 'paid',
      mentorCode: 'MEN-4HT9PA',
      page: 2,
      limit: 50,
      sort: 'name',
      search: undefined,
    });
    expect(messages(portalCandidateQuerySchema.safeParse({ schoolCode: 'SCH-7KQ2XM' }))).toEqual(['Unknown query parameter: schoolCode']);
    expect(portalCandidateQuerySchema.safeParse({ mentorCode: 'SCH-7KQ2XM' }).success).toBe(false);
  });
});

describe('bulk registration requests', () => {
  it('reads dryRun as true or false and refuses anything else or another field', async () => {
    const { portalImportRequestSchema, portalImportListQuerySchema, PORTAL_IMPORT_ID_PATTERN } = await import('./portal.schema');
    const { PORTAL_IMPORT_MESSAGES } = await import('./portal.contract');
    expect(portalImportRequestSchema.parse({ dryRun: 'true' })).toEqual({ dryRun: true });
    expect(portalImportRequestSchema.parse({ dryRun: 'false' })).toEqual({ dryRun: false });
    expect(messages(portalImportRequestSchema.safeParse({}))).toEqual([PORTAL_IMPORT_MESSAGES.dryRun]);
    expect(messages(portalImportRequestSchema.safeParse({ dryRun: 'yes' }))).toEqual([PORTAL_IMPORT_MESSAGES.dryRun]);
    expect(messages(portalImportRequestSchema.safeParse({ dryRun: 'true', schoolCode: 'SCH-7KQ2XM' }))).toEqual(['Unknown form field: schoolCode']);
    expect(portalImportListQuerySchema.parse({ page: '2', limit: '5' })).toEqual({ page: 2, limit: 5 });
    expect(portalImportListQuerySchema.safeParse({ owner: 'SCH-7KQ2XM' }).success).toBe(false);
    expect(PORTAL_IMPORT_ID_PATTERN.test('0b6f2c1e-8a4d-4f7e-9c3b-2d1e0f9a8b7c')).toBe(true);
    expect(PORTAL_IMPORT_ID_PATTERN.test('../etc')).toBe(false);
  });
});
