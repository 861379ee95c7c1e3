import { BadRequestException, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { VALIDATION_MESSAGES } from '@kbe/contracts/zod-free';
import { schoolRegistrationSchema } from '@kbe/contracts';
import { RequestValidationError, toErrorBody, validationMessage, withMessageKey } from './error-response';
import { parseRequest } from './zod-validation.pipe';

describe('toErrorBody', () => {
  it('keeps the status and message of an HTTP exception', () => {
    expect(toErrorBody(new UnauthorizedException('Invalid username or password'))).toEqual({
      statusCode: 401,
      message: 'Invalid username or password',
    });
    expect(toErrorBody(new NotFoundException('Cannot GET /api/nope'))).toEqual({
      statusCode: 404,
      message: 'Cannot GET /api/nope',
    });
  });

  it('joins a list of messages', () => {
    expect(toErrorBody(new BadRequestException(['a is wrong', 'b is wrong']))).toEqual({
      statusCode: 400,
      message: 'a is wrong, b is wrong',
    });
  });

  it('lists invalid fields of a validation error', () => {
    const body = toErrorBody(
      new RequestValidationError([
        { field: 'schoolName', message: 'School name is required' },
        { field: 'address.pinCode', message: 'PIN code must be 6 digits' },
      ]),
    );
    expect(body).toEqual({
      statusCode: 400,
      message: 'School name is required, PIN code must be 6 digits',
      errors: [
        { field: 'schoolName', message: 'School name is required', key: 'validation.required', values: { field: 'field.schoolName' } },
        { field: 'address.pinCode', message: 'PIN code must be 6 digits' },
      ],
    });
  });

  it("gives each field error its message's key beside the unchanged English text, so a client can show its own language", () => {
    expect(withMessageKey({ field: 'address.pin', message: VALIDATION_MESSAGES.pin })).toEqual({
      field: 'address.pin',
      message: 'PIN code must be exactly 6 digits',
      key: 'validation.pin',
    });
    expect(withMessageKey({ field: 'photo', message: 'Photo must be smaller than 5MB' })).toEqual({
      field: 'photo',
      message: 'Photo must be smaller than 5MB',
      key: 'image.tooLarge',
      values: { field: 'field.photo' },
    });
    expect(withMessageKey({ field: 'limit', message: 'limit must be a whole number between 1 and 50' })).toEqual({
      field: 'limit',
      message: 'limit must be a whole number between 1 and 50',
    });
  });

  it('keys the errors of a request the validation pipe refused, and keeps the message the browser shows', () => {
    let thrown: unknown;
    try {
      parseRequest(schoolRegistrationSchema, { schoolName: 'Nashik High School', udiseCode: 'U1', contact: '98765', schoolType: 'Primary' });
    } catch (error) {
      thrown = error;
    }
    const body = toErrorBody(thrown);
    expect(body.message).toBe('Contact number must be exactly 10 digits, School address is required, Principal information is required');
    expect(body.errors).toEqual([
      { field: 'contact', message: VALIDATION_MESSAGES.contact, key: 'validation.contact' },
      { field: 'address', message: 'School address is required', key: 'validation.required', values: { field: 'field.schoolAddress' } },
      { field: 'principal', message: 'Principal information is required', key: 'validation.required', values: { field: 'field.principalInformation' } },
    ]);
  });

  it("says each field's message once, without the field paths and without a technical prefix", () => {
    expect(validationMessage([{ field: 'phoneNumber', message: 'Please enter a 10-digit mobile number.' }])).toBe(
      'Please enter a 10-digit mobile number.',
    );
    expect(
      validationMessage([
        { field: 'photo', message: 'Both photo and signature documents are required' },
        { field: 'signature', message: 'Both photo and signature documents are required' },
      ]),
    ).toBe('Both photo and signature documents are required');
  });

  it('names the field of a bare predicate, and not twice', () => {
    expect(validationMessage([{ field: 'personalDetails.fullName', message: 'must not contain the NUL character (U+0000)' }])).toBe(
      'personalDetails.fullName must not contain the NUL character (U+0000)',
    );
    expect(validationMessage([{ field: 'limit', message: 'limit must be a whole number between 1 and 50' }])).toBe(
      'limit must be a whole number between 1 and 50',
    );
  });

  it('explains body parser failures', () => {
    expect(toErrorBody(Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed', status: 400 }))).toEqual({
      statusCode: 400,
      message: 'Malformed JSON body',
    });
    expect(toErrorBody(Object.assign(new Error('too large'), { type: 'entity.too.large', status: 413 }))).toEqual({
      statusCode: 413,
      message: 'Request body too large',
    });
  });

  it('hides the details of unexpected errors', () => {
    const body = toErrorBody(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(body).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(JSON.stringify(body)).not.toContain('TypeError');
  });
});
