import { BracketedFieldError, fromBracketedFields, toBracketedFields } from './bracketed-fields.util';
import { candidateRegistrationSchema } from './candidate.schema';
import { validCandidate } from './registration.fixtures';

describe('bracketed multipart field names', () => {
  it('turns bracketed names into a nested object', () => {
    expect(
      fromBracketedFields({
        mentorCode: 'MEN-4HT9PA',
        'personalDetails[fullName]': 'Aarav Patil',
        'personalDetails[gender]': 'Male',
        'a[b][c]': 'deep',
      }),
    ).toEqual({
      mentorCode: 'MEN-4HT9PA',
      personalDetails: { fullName: 'Aarav Patil', gender: 'Male' },
      a: { b: { c: 'deep' } },
    });
  });

  it('flattens a nested object into bracketed names, as strings, leaving out empty values', () => {
    expect(
      toBracketedFields({
        mentorCode: 'MEN-4HT9PA',
        orphanDetails: { isOrphan: false },
        educationalDetails: { fees: 300, board: 'CBSE' },
        contactDetails: { email: undefined, phoneNumber: '9876501234' },
        note: null,
      }),
    ).toEqual({
      mentorCode: 'MEN-4HT9PA',
      'orphanDetails[isOrphan]': 'false',
      'educationalDetails[fees]': '300',
      'educationalDetails[board]': 'CBSE',
      'contactDetails[phoneNumber]': '9876501234',
    });
  });

  it('round-trips a candidate through multipart names and still passes the schema', () => {
    const candidate = validCandidate();
    const restored = fromBracketedFields(toBracketedFields(candidate));
    expect(candidateRegistrationSchema.parse(restored)).toEqual(candidateRegistrationSchema.parse(candidate));
  });

  it.each([
    ['a[b', 'malformed brackets'],
    ['a]b[', 'malformed brackets'],
    ['[a]', 'malformed brackets'],
    ['a[]', 'malformed brackets'],
  ])('rejects the malformed name %j', (name, reason) => {
    expect(() => fromBracketedFields({ [name]: 'x' })).toThrow(new BracketedFieldError(name, reason));
  });

  it('refuses prototype keys instead of polluting objects', () => {
    expect(() => fromBracketedFields({ '__proto__[polluted]': 'yes' })).toThrow(BracketedFieldError);
    expect(() => fromBracketedFields({ 'a[constructor][prototype]': 'yes' })).toThrow(BracketedFieldError);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('rejects a name that is both a value and a group, in either order', () => {
    expect(() => fromBracketedFields({ a: 'x', 'a[b]': 'y' })).toThrow("Invalid field 'a[b]': 'a' is both a value and a group");
    expect(() => fromBracketedFields({ 'a[b]': 'y', a: 'x' })).toThrow("Invalid field 'a': 'a' is both a value and a group");
  });
});
