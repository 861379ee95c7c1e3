import { INDIAN_MOBILE_INPUT_PATTERN, normaliseIndianMobile, SMS_MESSAGES, smsSendSchema } from './sms-api.schema';

describe('smsSendSchema phone number', () => {
  const errorsOf = (phoneNumber: string) => {
    const result = smsSendSchema.safeParse({ phoneNumber, message: 'Exam on Sunday' });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('accepts what an admin types for an Indian mobile number', () => {
    for (const typed of ['9876543210', '+91 98765 43210', '919876543210', '09876543210', '98765-43210']) expect(errorsOf(typed)).toEqual([]);
  });

  it('says which rule a number breaks', () => {
    expect(errorsOf('  ')).toEqual([SMS_MESSAGES.phoneRequired]);
    for (const typed of ['12345', '91987654321', '+9198765432100', '98765x43210']) expect(errorsOf(typed)).toEqual([SMS_MESSAGES.phoneInvalid]);
  });

  it('has a pattern that accepts exactly what normaliseIndianMobile turns into 10 digits', () => {
    const alphabet = '0123456789 -+';
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 20000; i += 1) {
      const typed = Array.from({ length: 8 + Math.floor(next() * 9) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      expect([typed, INDIAN_MOBILE_INPUT_PATTERN.test(typed)]).toEqual([typed, normaliseIndianMobile(typed) !== null]);
    }
  });
});
