import { toBracketedFields } from './bracketed-fields.util';

describe('bracketed multipart field names', () => {
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
});
