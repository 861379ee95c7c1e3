import { collectValidationMessages } from './validation-result.util';
import { omit, validSchool } from './registration.fixtures';
import { schoolRegistrationSchema } from './school.schema';

const messagesFor = (input: unknown): string[] => {
  const result = schoolRegistrationSchema.safeParse(input);
  return result.success ? [] : collectValidationMessages(result.error);
};

describe('school registration schema', () => {
  it('accepts a complete school and trims text', () => {
    const result = schoolRegistrationSchema.parse({ ...validSchool(), schoolName: '  Nashik Model School  ' });
    expect(result.schoolName).toBe('Nashik Model School');
  });

  it.each([
    ['123456789', 'Contact number must be exactly 10 digits'],
    ['12345678901', 'Contact number must be exactly 10 digits'],
    ['98765abcde', 'Contact number must be exactly 10 digits'],
    ['', 'Contact number must be exactly 10 digits'],
  ])('rejects school contact %j', (contact, message) => {
    expect(messagesFor({ ...validSchool(), contact })).toEqual([message]);
  });

  it('rejects a principal contact that is not 10 digits', () => {
    const input = { ...validSchool(), principal: { name: 'P', contact: '12345' } };
    expect(messagesFor(input)).toEqual(['Principal contact number must be exactly 10 digits']);
  });

  it.each(['42201', '4220133', 'abcdef', ''])('rejects PIN %j', (pin) => {
    const input = { ...validSchool(), address: { ...validSchool().address, pin } };
    expect(messagesFor(input)).toEqual(['PIN code must be exactly 6 digits']);
  });

  it.each([
    ['schoolName', 'School name is required'],
    ['udiseCode', 'UDISE code is required'],
  ] as const)('requires %s', (field, message) => {
    expect(messagesFor({ ...validSchool(), [field]: '   ' })).toEqual([message]);
    const missing: Record<string, unknown> = validSchool();
    delete missing[field];
    expect(messagesFor(missing)).toEqual([message]);
  });

  it.each([
    ['area', 'Area is required'],
    ['locality', 'Locality is required'],
    ['street', 'Street is required'],
    ['village', 'Village is required'],
    ['town', 'Town is required'],
    ['city', 'City is required'],
    ['state', 'State is required'],
  ])('requires address %s', (field, message) => {
    const input = { ...validSchool(), address: { ...validSchool().address, [field]: '' } };
    expect(messagesFor(input)).toEqual([message]);
  });

  it('requires the principal name', () => {
    expect(messagesFor({ ...validSchool(), principal: { name: '', contact: '9123456780' } })).toEqual([
      'Principal name is required',
    ]);
  });

  it('requires a valid school type', () => {
    expect(messagesFor({ ...validSchool(), schoolType: '' })).toEqual(['Please select a school type']);
    expect(messagesFor({ ...validSchool(), schoolType: 'University' })).toEqual(['Please select a school type']);
    for (const schoolType of ['Primary', 'Secondary', 'Higher Secondary']) {
      expect(messagesFor({ ...validSchool(), schoolType })).toEqual([]);
    }
  });

  it('requires the address and principal groups', () => {
    const rest = omit(validSchool(), 'address', 'principal');
    expect(messagesFor(rest)).toEqual(['School address is required', 'Principal information is required']);
  });

  it('rejects unexpected fields at any depth', () => {
    expect(messagesFor({ ...validSchool(), schoolCode: 'SCH-AAAAAA' })).toEqual(['Unexpected field: schoolCode']);
    const nested = { ...validSchool(), principal: { name: 'P', contact: '9123456780', role: 'x' } };
    expect(messagesFor(nested)).toEqual(['Unexpected field: role']);
  });

  it('rejects wrong types with a clear message', () => {
    expect(messagesFor({ ...validSchool(), schoolName: 42 })).toEqual(['School name must be text']);
    expect(messagesFor({ ...validSchool(), contact: 9876543210 })).toEqual(['Contact number must be exactly 10 digits']);
    expect(messagesFor('school')).toEqual(['School information is required']);
    expect(messagesFor(null)).toEqual(['School information is required']);
  });

  it('limits the length of text fields', () => {
    expect(messagesFor({ ...validSchool(), schoolName: 'x'.repeat(201) })).toEqual([
      'School name must be at most 200 characters',
    ]);
  });
});
