import { validateWith } from './validation-result.util';
import { contactMessageSchema } from './contact.schema';

const valid = {
  firstName: 'Asha',
  lastName: 'Pawar',
  email: 'asha@example.org',
  gradeLevel: 'Teacher',
  message: 'When does registration close?',
};

describe('contactMessageSchema', () => {
  it('accepts a complete message and trims it', () => {
    expect(validateWith(contactMessageSchema, { ...valid, firstName: '  Asha ' })).toEqual({
      success: true,
      data: valid,
    });
  });

  it('answers with the spec messages', () => {
    const result = validateWith(contactMessageSchema, { firstName: 'A', lastName: '', email: 'nope', gradeLevel: '', message: 'short' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.messages).toEqual([
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email address',
      'Please select a grade level',
      'Message must be at least 10 characters',
    ]);
  });

  it('refuses unexpected fields', () => {
    expect(validateWith(contactMessageSchema, { ...valid, admin: true }).success).toBe(false);
  });

  it('refuses an address whose local part or a domain label is longer than the RFCs allow', () => {
    expect(validateWith(contactMessageSchema, { ...valid, email: `${'a'.repeat(64)}@example.org` }).success).toBe(true);
    expect(validateWith(contactMessageSchema, { ...valid, email: `${'a'.repeat(65)}@example.org` }).success).toBe(false);
    expect(validateWith(contactMessageSchema, { ...valid, email: `asha@${'b'.repeat(64)}.org` }).success).toBe(false);
  });
});
