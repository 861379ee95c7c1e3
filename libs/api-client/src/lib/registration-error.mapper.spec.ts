import { HttpError, InvalidResponseError, NetworkError } from './api-errors';
import { readIssuedCode } from './issued-code.reader';
import {
  REGISTRATION_SUCCESS_MESSAGES,
  REGISTRATION_SUCCESS_TITLE,
  capitaliseSentences,
  formatUserFacingError,
  friendlyRegistrationMessage,
  mapRegistrationError,
  prettifyFieldPath,
} from './registration-error.mapper';

describe('friendlyRegistrationMessage (spec section 8)', () => {
  it('hides a raw ValidationError', () => {
    expect(friendlyRegistrationMessage('ValidationError: schoolName: Path `schoolName` is required.')).toEqual({
      message: 'Some required fields are missing or invalid.',
      details: [],
    });
  });

  it("rewrites 'Path `x` is required.' as \"Field 'x' is required.\"", () => {
    expect(friendlyRegistrationMessage('Path `udiseCode` is required.').message).toBe("Field 'udiseCode' is required.");
  });

  it('prettifies schoolCode and mentorCode', () => {
    expect(friendlyRegistrationMessage('schoolCode not found').message).toBe('School Code not found');
    expect(friendlyRegistrationMessage('Invalid SchoolCode').message).toBe('Invalid School Code');
    expect(friendlyRegistrationMessage('the mentorCode is inactive').message).toBe('The Mentor Code is inactive');
  });

  it('re-capitalises sentences', () => {
    expect(friendlyRegistrationMessage('school not found. please check the code.').message).toBe(
      'School not found. Please check the code.',
    );
    expect(capitaliseSentences('a. b! c? d')).toBe('A. B! C? D');
  });

  it("lists each problem of a 'validation failed' message, with readable field paths", () => {
    const raw =
      'Candidate validation failed: personalDetails.fullName: Path `personalDetails.fullName` is required., ' +
      'contactDetails.phoneNumber: phone number must be 10 digits, mentorCode: Path `mentorCode` is required.';
    const result = friendlyRegistrationMessage(raw);
    expect(result).toEqual({
      message: 'Please correct the following errors:',
      details: [
        'Personal Details → Full Name is required.',
        'Contact Details → Phone Number: Phone number must be 10 digits',
        'Mentor Code is required.',
      ],
    });
    expect(formatUserFacingError(result)).toBe(
      'Please correct the following errors:\n• Personal Details → Full Name is required.\n' +
        '• Contact Details → Phone Number: Phone number must be 10 digits\n• Mentor Code is required.',
    );
  });

  it('splits camel case and acronyms in field paths', () => {
    expect(prettifyFieldPath('educationalDetails.kbeStageParticipated')).toBe('Educational Details → Kbe Stage Participated');
    expect(prettifyFieldPath('opinionOnISRO')).toBe('Opinion On ISRO');
    expect(prettifyFieldPath('address.pin')).toBe('Address → Pin');
  });

  it('falls back to the generic message when there is nothing to say', () => {
    expect(friendlyRegistrationMessage('').message).toBe('An unexpected error occurred. Please try again.');
    expect(friendlyRegistrationMessage(undefined).message).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('mapRegistrationError', () => {
  it.each([
    ['school', 'School Registration Failed'],
    ['mentor', 'Mentor Registration Failed'],
    ['candidate', 'Candidate Registration Failed'],
  ] as const)('titles a %s failure %j', (kind, title) => {
    expect(mapRegistrationError(kind, new Error('x')).title).toBe(title);
  });

  it('lists the field errors of an API error body', () => {
    const error = new HttpError(400, 'Validation failed', {
      statusCode: 400,
      message: 'Validation failed',
      errors: [
        { field: 'personalDetails.fullName', message: 'Full name is required' },
        { field: 'schoolCode', message: 'School code must look like SCH-XXXXXX' },
      ],
    });
    expect(mapRegistrationError('candidate', error)).toEqual({
      title: 'Candidate Registration Failed',
      message: 'Please correct the following errors:',
      details: ['Personal Details → Full Name: Full name is required', 'School Code: School code must look like SCH-XXXXXX'],
    });
  });

  it('maps the message of an HTTP error without a field list', () => {
    const error = new HttpError(404, 'school not found for schoolCode SCH-AAAAAA', { message: '...' });
    expect(mapRegistrationError('mentor', error).message).toBe('School not found for School Code SCH-AAAAAA');
  });

  it('says the server could not be reached on a network failure', () => {
    expect(mapRegistrationError('school', new NetworkError())).toEqual({
      title: 'School Registration Failed',
      message: 'Could not reach the server. Please check your connection and try again.',
      details: [],
    });
  });

  it('uses the default for anything unknown', () => {
    expect(mapRegistrationError('school', { weird: true }).message).toBe('An unexpected error occurred. Please try again.');
  });

  it('has the success texts of the spec', () => {
    expect(REGISTRATION_SUCCESS_TITLE).toBe('Success!');
    expect(REGISTRATION_SUCCESS_MESSAGES).toEqual({
      school: 'School registration completed successfully',
      mentor: 'Mentor registration completed successfully',
      candidate: 'Candidate registration completed successfully',
    });
  });
});

describe('readIssuedCode', () => {
  it('reads the code at the top level, under data, or as code', () => {
    expect(readIssuedCode('school', { schoolCode: 'SCH-7KQ2XM' })).toBe('SCH-7KQ2XM');
    expect(readIssuedCode('school', { data: { schoolCode: 'SCH-7KQ2XM' } })).toBe('SCH-7KQ2XM');
    expect(readIssuedCode('mentor', { code: 'MEN-4HT9PA' })).toBe('MEN-4HT9PA');
    expect(readIssuedCode('candidate', { data: { candidateId: 'KBE123456K7Q' } })).toBe('KBE123456K7Q');
    expect(readIssuedCode('candidate', { candidateCode: 'KBE123456K7Q' })).toBe('KBE123456K7Q');
  });

  it('refuses an answer without a code instead of inventing one', () => {
    expect(() => readIssuedCode('school', { success: true })).toThrow(InvalidResponseError);
    expect(() => readIssuedCode('candidate', null)).toThrow('The server did not return a candidate code');
  });
});
