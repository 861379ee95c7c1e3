import { candidateRegistrationSchema, guardianOf, isValidDateOfBirth } from './candidate.schema';
import { MAX_IMAGE_FILE_BYTES } from './image-file.rules';
import { omit, validCandidate, validGuardian } from './registration.fixtures';
import { collectValidationMessages, toFieldErrors, validateCandidateSubmission } from './validation-result.util';
import { joinValidationMessages } from './validation.messages';

type Candidate = ReturnType<typeof validCandidate>;
type Group = Exclude<keyof Candidate, 'mentorCode' | 'feesPaid'>;

const withField = (group: Group, field: string, value: unknown): Candidate => {
  const candidate = validCandidate();
  (candidate[group] as Record<string, unknown>)[field] = value;
  return candidate;
};

const messagesFor = (input: unknown): string[] => {
  const result = candidateRegistrationSchema.safeParse(input);
  return result.success ? [] : collectValidationMessages(result.error);
};

const photo = { size: 120_000, type: 'image/jpeg' };
const signature = { size: 40_000, type: 'image/png' };

describe('candidate registration schema', () => {
  it('accepts a complete candidate', () => {
    expect(messagesFor(validCandidate())).toEqual([]);
  });

  it('requires the mentor code in the MEN- format', () => {
    expect(messagesFor({ ...validCandidate(), mentorCode: '' })).toEqual(['Mentor code is required']);
    expect(messagesFor({ ...validCandidate(), mentorCode: 'SCH-4HT9PA' })).toEqual(['Mentor code must look like MEN-XXXXXX']);
    expect(candidateRegistrationSchema.parse({ ...validCandidate(), mentorCode: 'men-4ht9pa' }).mentorCode).toBe('MEN-4HT9PA');
  });

  it.each([
    ['personalDetails', 'fullName', 'Full name is required'],
    ['personalDetails', 'fatherName', "Father's name is required"],
    ['personalDetails', 'motherName', "Mother's name is required"],
    ['personalDetails', 'religion', 'Religion is required'],
    ['personalDetails', 'motherTongue', 'Mother tongue is required'],
    ['permanentAddress', 'addressLines', 'Address is required'],
    ['permanentAddress', 'village', 'Village is required'],
    ['permanentAddress', 'taluka', 'Taluka is required'],
    ['permanentAddress', 'district', 'District is required'],
    ['permanentAddress', 'state', 'State is required'],
    ['educationalDetails', 'schoolName', 'School name is required'],
    ['educationalDetails', 'board', 'Board is required'],
    ['educationalDetails', 'kbeStageParticipated', 'KBE stage is required'],
  ] as const)('requires %s.%s', (group, field, message) => {
    expect(messagesFor(withField(group, field, '  '))).toEqual([message]);
    expect(messagesFor(withField(group, field, undefined))).toEqual([message]);
  });

  it.each([
    ['personalDetails', 'gender', 'Please select a gender', ['Male', 'Female', 'Other']],
    ['personalDetails', 'region', 'Please select a region', ['Urban', 'Rural']],
    ['educationalDetails', 'standard', 'Please select a standard', ['5th', '6th', '7th', '8th', '9th', '10th', '11th', '12th']],
    ['educationalDetails', 'medium', 'Please select a medium', ['Marathi', 'Semi-English', 'English', 'Other']],
    ['educationalDetails', 'board', 'Board is required', ['Maharashtra State Board', 'CBSE', 'Other']],
    ['educationalDetails', 'kbeCategory', 'Please select a KBE category', ['Prime', 'Sec', 'High']],
  ] as const)('requires a valid choice for %s.%s', (group, field, message, allowed) => {
    expect(messagesFor(withField(group, field, ''))).toEqual([message]);
    expect(messagesFor(withField(group, field, 'Something else'))).toEqual([message]);
    for (const value of allowed) expect(messagesFor(withField(group, field, value))).toEqual([]);
  });

  it('requires a real date of birth that is not in the future', () => {
    expect(messagesFor(withField('personalDetails', 'dateOfBirth', ''))).toEqual(['Date of birth is required']);
    for (const value of ['2012-02-30', '15/06/2012', '3000-01-01', '1850-01-01']) {
      expect(messagesFor(withField('personalDetails', 'dateOfBirth', value))).toEqual(['Please enter a valid date of birth']);
    }
    expect(isValidDateOfBirth('2012-02-29', new Date('2025-01-01'))).toBe(true);
    expect(isValidDateOfBirth('2025-01-02', new Date('2025-01-01'))).toBe(false);
  });

  it('requires a 10-digit phone number', () => {
    expect(messagesFor(withField('contactDetails', 'phoneNumber', ''))).toEqual(['Phone number is required']);
    expect(messagesFor(withField('contactDetails', 'phoneNumber', '98765'))).toEqual(['Phone number must be exactly 10 digits']);
    expect(messagesFor(withField('contactDetails', 'phoneNumber', '98765O1234'))).toEqual([
      'Phone number must be exactly 10 digits',
    ]);
  });

  it('treats the email as optional but checks it when given', () => {
    expect(messagesFor(withField('contactDetails', 'email', ''))).toEqual([]);
    expect(messagesFor(withField('contactDetails', 'email', undefined))).toEqual([]);
    expect(messagesFor(withField('contactDetails', 'email', 'parent@@example'))).toEqual([
      'Please enter a valid email address',
    ]);
  });

  describe('parent or guardian', () => {
    const withGuardian = (guardian: Record<string, unknown>) => ({ ...validCandidate(), guardianDetails: guardian });

    it('accepts the spec payload without a guardian: the contact number is then the guardian\'s', () => {
      const parsed = candidateRegistrationSchema.parse(validCandidate());
      expect(parsed.guardianDetails).toBeUndefined();
      expect(guardianOf(parsed)).toEqual({ name: null, relation: null, phoneNumber: '9876501234' });
    });

    it('accepts a guardian with name, relation and a 10-digit mobile', () => {
      const parsed = candidateRegistrationSchema.parse(withGuardian({ ...validGuardian(), name: '  Meena Patil ' }));
      expect(parsed.guardianDetails).toEqual({ name: 'Meena Patil', relation: 'Mother', phoneNumber: '9876505678' });
      expect(guardianOf(parsed).phoneNumber).toBe('9876505678');
    });

    it('defaults the mobile to the contact number when it is left blank', () => {
      const parsed = candidateRegistrationSchema.parse(withGuardian({ ...validGuardian(), phoneNumber: ' ' }));
      expect(parsed.guardianDetails?.phoneNumber).toBeUndefined();
      expect(guardianOf(parsed)).toEqual({ name: 'Meena Patil', relation: 'Mother', phoneNumber: '9876501234' });
    });

    it('requires the name and a relation of Mother, Father or Guardian, and checks the mobile', () => {
      expect(messagesFor(withGuardian({ ...validGuardian(), name: ' ' }))).toEqual(["Parent/guardian's name is required"]);
      for (const relation of ['', 'Uncle', undefined]) {
        expect(messagesFor(withGuardian({ ...validGuardian(), relation }))).toEqual(['Please select a relation to the candidate']);
      }
      for (const relation of ['Mother', 'Father', 'Guardian']) expect(messagesFor(withGuardian({ ...validGuardian(), relation }))).toEqual([]);
      expect(messagesFor(withGuardian({ ...validGuardian(), phoneNumber: '98765' }))).toEqual([
        "Parent/guardian's mobile number must be exactly 10 digits",
      ]);
      expect(messagesFor(withGuardian({ ...validGuardian(), age: 40 }))).toEqual(['Unexpected field: age']);
    });
  });

  it('requires a 6-digit PIN', () => {
    expect(messagesFor(withField('permanentAddress', 'pin', '4220'))).toEqual(['PIN code must be exactly 6 digits']);
  });

  it.each([0, -5, '', 'abc', '12abc', Number.NaN])('rejects fees %j', (fees) => {
    expect(messagesFor(withField('educationalDetails', 'fees', fees))).toEqual(['Fees must be a number']);
  });

  it('reads fees and booleans sent as multipart strings', () => {
    const input = withField('educationalDetails', 'fees', '300');
    const parsed = candidateRegistrationSchema.parse({
      ...input,
      orphanDetails: { isOrphan: 'true' },
      feesPaid: 'false',
    });
    expect(parsed.educationalDetails.fees).toBe(300);
    expect(parsed.orphanDetails.isOrphan).toBe(true);
    expect(parsed.feesPaid).toBe(false);
    expect(messagesFor(withField('orphanDetails', 'isOrphan', 'maybe'))).toEqual([
      'Please say whether the candidate is an orphan',
    ]);
  });

  it('defaults feesPaid to false', () => {
    const rest = omit(validCandidate(), 'feesPaid');
    expect(candidateRegistrationSchema.parse(rest).feesPaid).toBe(false);
  });

  it.each(['en', 'mr', 'hi'])('accepts the language %s', (language) => {
    expect(candidateRegistrationSchema.parse({ ...validCandidate(), language }).language).toBe(language);
  });

  it('leaves the language out when the registration names none (the service stores English)', () => {
    expect(candidateRegistrationSchema.parse(validCandidate())).not.toHaveProperty('language');
  });

  it.each(['fr', 'MR', 'marathi', '', 1, null])('rejects the language %j with the field named', (language) => {
    const result = candidateRegistrationSchema.safeParse({ ...validCandidate(), language });
    expect(result.success).toBe(false);
    expect(result.success ? [] : toFieldErrors(result.error)).toEqual([{ field: 'language', message: 'Please select a language' }]);
  });

  it('rejects unexpected fields, including a client-made candidate code', () => {
    expect(messagesFor({ ...validCandidate(), candidateId: 'KBE123456ABC' })).toEqual(['Unexpected field: candidateId']);
    expect(messagesFor(withField('personalDetails', 'nickname', 'x'))).toEqual(['Unexpected field: nickname']);
  });

  it('names a missing group', () => {
    const rest = omit(validCandidate(), 'educationalDetails');
    expect(messagesFor(rest)).toEqual(['Educational information is required']);
  });

  it('collects every message in form order', () => {
    const input = validCandidate();
    input.mentorCode = '';
    input.personalDetails.fullName = '';
    input.contactDetails.phoneNumber = '12';
    input.educationalDetails.fees = 0;
    expect(joinValidationMessages(messagesFor(input))).toBe(
      'Mentor code is required, Full name is required, Phone number must be exactly 10 digits, Fees must be a number',
    );
  });

  it('reports field paths for the API error list', () => {
    const result = candidateRegistrationSchema.safeParse({ ...withField('personalDetails', 'fullName', ''), extra: 1 });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toFieldErrors(result.error)).toEqual([
        { field: 'personalDetails.fullName', message: 'Full name is required' },
        { field: 'extra', message: 'Unexpected field: extra' },
      ]);
    }
  });
});

describe('validateCandidateSubmission', () => {
  it('accepts a complete submission', () => {
    const result = validateCandidateSubmission({ fields: validCandidate(), photo, signature });
    expect(result.success).toBe(true);
  });

  it('requires both documents', () => {
    for (const files of [{ photo }, { signature }, {}]) {
      const result = validateCandidateSubmission({ fields: validCandidate(), ...files });
      expect(result.success ? [] : result.messages).toEqual(['Both photo and signature documents are required']);
    }
  });

  it('rejects documents that are not images or are larger than 5MB', () => {
    const result = validateCandidateSubmission({
      fields: validCandidate(),
      photo: { size: MAX_IMAGE_FILE_BYTES + 1, type: 'image/jpeg' },
      signature: { size: 100, type: 'application/pdf' },
    });
    expect(result.success ? [] : result.messages).toEqual([
      'Photo must be smaller than 5MB',
      'Signature must be a JPEG, PNG, WebP or GIF image',
    ]);
  });

  it('collects field and document messages together', () => {
    const result = validateCandidateSubmission({ fields: { ...validCandidate(), mentorCode: '' } });
    expect(result.success ? '' : joinValidationMessages(result.messages)).toBe(
      'Mentor code is required, Both photo and signature documents are required',
    );
  });
});
