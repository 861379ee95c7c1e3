import { nulCharacterErrors, NUL_CHARACTER_MESSAGE, refuseNulCharacters } from './nul-characters';

describe('nulCharacterErrors', () => {
  it('names every field whose text holds U+0000, however deep', () => {
    expect(nulCharacterErrors({ name: 'Asha', address: { city: 'Nash\u0000ik', pin: '422001' }, tags: ['a', 'b\u0000'] })).toEqual([
      { field: 'address.city', message: NUL_CHARACTER_MESSAGE },
      { field: 'tags.1', message: NUL_CHARACTER_MESSAGE },
    ]);
  });

  it('passes other control characters, Devanagari and lone surrogates to the schema', () => {
    expect(nulCharacterErrors({ name: 'आशा\t\u0001', note: '\ud800' })).toEqual([]);
  });

  it('reports a bare text against the field it was given', () => {
    expect(nulCharacterErrors('\u0000', 'code')).toEqual([{ field: 'code', message: NUL_CHARACTER_MESSAGE }]);
  });

  it('refuses with a 400 validation error', () => {
    expect(() => refuseNulCharacters({ name: '\u0000' })).toThrow(expect.objectContaining({ status: 400, errors: [{ field: 'name', message: NUL_CHARACTER_MESSAGE }] }));
    expect(() => refuseNulCharacters({ name: 'Asha' })).not.toThrow();
  });
});
