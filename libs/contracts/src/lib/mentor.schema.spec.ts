import { mentorRegistrationSchema } from './mentor.schema';
import { omit, validMentor } from './registration.fixtures';
import { collectValidationMessages } from './validation-result.util';

const messagesFor = (input: unknown): string[] => {
  const result = mentorRegistrationSchema.safeParse(input);
  return result.success ? [] : collectValidationMessages(result.error);
};

describe('mentor registration schema', () => {
  it('accepts a complete mentor and upper-cases the school code', () => {
    const parsed = mentorRegistrationSchema.parse({ ...validMentor(), schoolCode: ' sch-7kq2xm ' });
    expect(parsed.schoolCode).toBe('SCH-7KQ2XM');
  });

  it.each([
    ['schoolCode', 'School code is required'],
    ['name', 'Name is required'],
    ['address', 'Address is required'],
    ['subjectTeaching', 'Subject teaching is required'],
    ['activitiesParticipated', 'Activities participated is required'],
    ['opinionOnISRO', 'Opinion on ISRO is required'],
  ])('requires %s', (field, message) => {
    expect(messagesFor({ ...validMentor(), [field]: '' })).toEqual([message]);
    const missing: Record<string, unknown> = validMentor();
    delete missing[field];
    expect(messagesFor(missing)).toEqual([message]);
  });

  it('rejects a school code in the wrong format', () => {
    expect(messagesFor({ ...validMentor(), schoolCode: 'SCH-0O1I00' })).toEqual(['School code must look like SCH-XXXXXX']);
    expect(messagesFor({ ...validMentor(), schoolCode: 'MEN-7KQ2XM' })).toEqual(['School code must look like SCH-XXXXXX']);
  });

  it.each(['12345', '98765432100', 'phone-here', ''])('rejects contact %j', (contact) => {
    expect(messagesFor({ ...validMentor(), contact })).toEqual(['Contact number must be exactly 10 digits']);
  });

  it('accepts a missing or blank email and rejects a malformed one', () => {
    const withoutEmail = omit(validMentor(), 'email');
    expect(mentorRegistrationSchema.parse(withoutEmail).email).toBeUndefined();
    expect(mentorRegistrationSchema.parse({ ...validMentor(), email: '   ' }).email).toBeUndefined();
    expect(messagesFor({ ...validMentor(), email: 'anita@' })).toEqual(['Please enter a valid email address']);
    expect(messagesFor({ ...validMentor(), email: 'not an email' })).toEqual(['Please enter a valid email address']);
  });

  it('defaults work experience to 0 and reads it from text inputs', () => {
    const without = omit(validMentor(), 'workExperience');
    expect(mentorRegistrationSchema.parse(without).workExperience).toBe(0);
    expect(mentorRegistrationSchema.parse({ ...validMentor(), workExperience: '' }).workExperience).toBe(0);
    expect(mentorRegistrationSchema.parse({ ...validMentor(), workExperience: '12' }).workExperience).toBe(12);
    expect(mentorRegistrationSchema.parse({ ...validMentor(), workExperience: 0 }).workExperience).toBe(0);
  });

  it('keeps work experience a whole number of at least 0', () => {
    expect(messagesFor({ ...validMentor(), workExperience: -1 })).toEqual(['Work experience cannot be negative']);
    expect(messagesFor({ ...validMentor(), workExperience: 2.5 })).toEqual([
      'Work experience must be a whole number of years',
    ]);
    expect(messagesFor({ ...validMentor(), workExperience: 'ten' })).toEqual([
      'Work experience must be a whole number of years',
    ]);
    expect(messagesFor({ ...validMentor(), workExperience: 61 })).toEqual(['Work experience cannot be more than 60 years']);
  });

  it('rejects unexpected fields and wrong types', () => {
    expect(messagesFor({ ...validMentor(), mentorCode: 'MEN-AAAAAA' })).toEqual(['Unexpected field: mentorCode']);
    expect(messagesFor({ ...validMentor(), name: ['x'] })).toEqual(['Name must be text']);
    expect(messagesFor([])).toEqual(['Mentor information is required']);
  });
});
