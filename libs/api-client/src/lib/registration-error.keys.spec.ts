import { NetworkError } from './api-errors';
import { readIssuedCode } from './issued-code.reader';
import { REGISTRATION_ERROR_KEYS, REGISTRATION_SERVER_MESSAGES, registrationErrorKeyOf } from './registration-error.keys';
import { CORRECT_ERRORS_HEADLINE, REGISTRATION_FAILURE_TITLES, UNEXPECTED_ERROR_MESSAGE, mapRegistrationError } from './registration-error.mapper';

describe('registrationErrorKeyOf (spec section 8 in every language)', () => {
  it('keys every fixed text of the error catalogue once', () => {
    const texts = [...Object.values(REGISTRATION_FAILURE_TITLES), ...Object.values(REGISTRATION_SERVER_MESSAGES), UNEXPECTED_ERROR_MESSAGE, CORRECT_ERRORS_HEADLINE];
    const keys = texts.map((text) => registrationErrorKeyOf(text)?.key);
    expect(keys).not.toContain(undefined);
    expect(new Set(keys).size).toBe(texts.length);
    expect(new Set(REGISTRATION_ERROR_KEYS).size).toBe(REGISTRATION_ERROR_KEYS.length);
  });

  it('keys what the forms show for a network failure, a bare status and an answer without a code', () => {
    expect(registrationErrorKeyOf(mapRegistrationError('school', new NetworkError()).message)).toEqual({ key: 'error.network' });
    expect(registrationErrorKeyOf('HTTP error! Status: 502')).toEqual({ key: 'error.httpStatus', values: { status: '502' } });
    let thrown: unknown;
    try {
      readIssuedCode('mentor', {});
    } catch (error) {
      thrown = error;
    }
    expect(registrationErrorKeyOf((thrown as Error).message)).toEqual({ key: 'error.noCode', values: { kind: 'mentor' } });
    expect(registrationErrorKeyOf('Registration deadline (30th October 2025) has passed')).toEqual({
      key: 'error.deadlinePassed',
      values: { deadline: '30th October 2025' },
    });
    expect(registrationErrorKeyOf('Something unheard of')).toBeUndefined();
  });
});
