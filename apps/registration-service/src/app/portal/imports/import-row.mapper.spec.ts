import { FIELD_LABELS, PORTAL_IMPORT_MESSAGES, VALIDATION_MESSAGES, requiredMessage, type PortalImportColumn } from '@kbe/contracts';
import { IMPORT_TEMPLATE_EXAMPLE } from '../import-template';
import { candidateFieldsOf, checkImportRow, importRowKey, type ImportScope, type RowImages } from './import-row.mapper';

const MENTOR = 'MEN-4HT9PA';
const row = (overrides: Partial<Record<PortalImportColumn, string>> = {}): Record<PortalImportColumn, string> => ({ ...IMPORT_TEMPLATE_EXAMPLE, ...overrides });
const jpeg = (size = 2000) => ({ bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4)]), size, tooLarge: false });
const images = (overrides: Partial<RowImages> = {}): RowImages => ({ photo: jpeg(), signature: jpeg(), ...overrides });
const school: ImportScope = { role: 'school', code: 'SCH-7KQ2XM', activeMentors: new Set([MENTOR]) };
const mentor: ImportScope = { role: 'mentor', code: MENTOR, activeMentors: new Set() };

describe('a row of the bulk-registration sheet', () => {
  it('becomes the public form’s nested fields, which the form’s own validation accepts (the template’s example row)', () => {
    const fields = candidateFieldsOf(row(), school);
    expect(fields).toMatchObject({
      mentorCode: MENTOR,
      personalDetails: { fullName: 'Aarav Patil', dateOfBirth: '2012-06-15' },
      guardianDetails: { name: 'Meena Patil', relation: 'Mother', phoneNumber: '9876505678' },
      educationalDetails: { fees: '300' },
      language: 'en',
    });
    expect(fields).not.toHaveProperty('photo');
    const checked = checkImportRow(row(), images(), school);
    expect(checked.errors).toEqual([]);
    expect(checked.registration).toMatchObject({ mentorCode: MENTOR, personalDetails: { fullName: 'Aarav Patil' }, educationalDetails: { fees: 300 }, feesPaid: false });
  });

  it('leaves out a guardian whose cells are all empty and a blank language; reads isOrphan in any case', () => {
    const fields = candidateFieldsOf(row({ 'guardianDetails.name': '', 'guardianDetails.relation': '', 'guardianDetails.phoneNumber': '', language: '', 'orphanDetails.isOrphan': 'FALSE' }), school);
    expect(fields).not.toHaveProperty('guardianDetails');
    expect(fields).not.toHaveProperty('language');
    expect(fields).toMatchObject({ orphanDetails: { isOrphan: 'false' } });
    expect(checkImportRow(row({ 'guardianDetails.name': '', 'guardianDetails.relation': '', 'guardianDetails.phoneNumber': '', language: '' }), images(), school).errors).toEqual([]);
  });

  it('reports every problem at its field with the public form’s message (and its key)', () => {
    const checked = checkImportRow(row({ 'contactDetails.phoneNumber': '98765', 'personalDetails.fullName': '', 'permanentAddress.pin': '42200' }), images(), school);
    expect(checked.registration).toBeUndefined();
    expect(checked.errors).toEqual([
      { field: 'personalDetails.fullName', message: 'Full name is required', key: 'validation.required', values: { field: 'field.fullName' } },
      { field: 'contactDetails.phoneNumber', message: VALIDATION_MESSAGES.phone, key: expect.any(String) },
      { field: 'permanentAddress.pin', message: VALIDATION_MESSAGES.pin, key: expect.any(String) },
    ]);
  });

  it('needs the photo and signature the row names in the ZIP, images within the form’s limits', () => {
    expect(checkImportRow(row(), images({ photo: null }), school).errors).toEqual([{ field: 'photo', message: VALIDATION_MESSAGES.documents, key: expect.any(String) }]);
    expect(checkImportRow(row(), images({ signature: null }), school).errors).toEqual([{ field: 'signature', message: VALIDATION_MESSAGES.documents, key: expect.any(String) }]);
    const pdf = { bytes: Buffer.from('%PDF-1.7'), size: 8, tooLarge: false };
    expect(checkImportRow(row(), images({ signature: pdf }), school).errors).toEqual([expect.objectContaining({ field: 'signature', message: 'Signature must be a JPEG, PNG, WebP or GIF image' })]);
    const huge = { ...jpeg(), size: 5 * 1024 * 1024 + 1, tooLarge: true };
    expect(checkImportRow(row(), images({ photo: huge }), school).errors).toEqual([expect.objectContaining({ field: 'photo', message: 'Photo must be smaller than 5MB' })]);
  });

  it('keeps a mentor to their own pupils: an empty mentor code is theirs, another is refused', () => {
    expect(candidateFieldsOf(row({ mentorCode: '' }), mentor)).toMatchObject({ mentorCode: MENTOR });
    expect(checkImportRow(row({ mentorCode: '' }), images(), mentor).errors).toEqual([]);
    expect(checkImportRow(row({ mentorCode: 'men-4ht9pa' }), images(), mentor).errors).toEqual([]);
    expect(checkImportRow(row({ mentorCode: 'MEN-ZZZZ99' }), images(), mentor).errors).toEqual([{ field: 'mentorCode', message: PORTAL_IMPORT_MESSAGES.mentorNotYours }]);
  });

  it('keeps a school to its active mentors; a missing or malformed code gets the form’s own message', () => {
    expect(checkImportRow(row({ mentorCode: 'MEN-ZZZZ99' }), images(), school).errors).toEqual([{ field: 'mentorCode', message: PORTAL_IMPORT_MESSAGES.mentorNotInSchool }]);
    expect(checkImportRow(row({ mentorCode: 'SCH-7KQ2XM' }), images(), school).errors).toEqual([expect.objectContaining({ field: 'mentorCode', message: VALIDATION_MESSAGES.mentorCodeFormat })]);
    expect(checkImportRow(row({ mentorCode: '' }), images(), school).errors).toEqual([expect.objectContaining({ field: 'mentorCode', message: requiredMessage(FIELD_LABELS.mentorCode) })]);
  });

  it('refuses a NUL character in any cell, as the public form does', () => {
    expect(checkImportRow(row({ 'personalDetails.religion': 'Hin\u0000du' }), images(), school).errors).toEqual([expect.objectContaining({ field: 'personalDetails.religion' })]);
  });

  it('is keyed by its importer and its normalised content: the same row again (other spacing, case, order) has the same key', () => {
    const first = checkImportRow(row(), images(), school).registration;
    const again = checkImportRow(row({ mentorCode: ' men-4ht9pa ', 'personalDetails.fullName': ' Aarav Patil ', 'educationalDetails.fees': '300.0' }), images(), school).registration;
    const other = checkImportRow(row({ 'personalDetails.fullName': 'Riya Patil' }), images(), school).registration;
    if (!first || !again || !other) throw new Error('the rows are valid');
    expect(importRowKey(school.code, again)).toBe(importRowKey(school.code, first));
    expect(importRowKey(school.code, other)).not.toBe(importRowKey(school.code, first));
    expect(importRowKey(MENTOR, first)).not.toBe(importRowKey(school.code, first));
    expect(importRowKey(school.code, first)).toMatch(/^portal-import:[0-9a-f]{64}$/);
  });
});
