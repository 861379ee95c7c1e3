import { duplicateKeyField } from './mongo-errors';

describe('duplicateKeyField', () => {
  it('names the field from MongoDB keyPattern or from the FerretDB message', () => {
    expect(duplicateKeyField({ code: 11000, keyPattern: { fingerprint: 1 } })).toBe('fingerprint');
    expect(duplicateKeyField({ code: 11000, message: 'E11000 duplicate key error collection: db.candidates index: candidateCode_1' })).toBe(
      'candidateCode',
    );
  });

  it('is null for other errors', () => {
    expect(duplicateKeyField(new Error('boom'))).toBeNull();
    expect(duplicateKeyField({ code: 121 })).toBeNull();
  });
});
