/**
 * Valid registration payloads for specs: this library's, and other projects' through
 * `@kbe/contracts/testing` (never through `@kbe/contracts`, so no bundle ships them).
 */
export const validSchool = () => ({
  schoolName: 'Nashik Model School',
  udiseCode: '27201234567',
  contact: '9876543210',
  schoolType: 'Secondary',
  address: {
    area: 'Gangapur Road',
    locality: 'Anandvalli',
    street: 'Lane 4',
    village: 'Anandvalli',
    town: 'Nashik',
    city: 'Nashik',
    state: 'Maharashtra',
    pin: '422013',
  },
  principal: { name: 'S. Kulkarni', contact: '9123456780' },
});

export const validMentor = () => ({
  schoolCode: 'SCH-7KQ2XM',
  name: 'Anita Deshmukh',
  email: 'anita@example.org',
  address: '12 College Road, Nashik',
  contact: '9988776655',
  subjectTeaching: 'Physics',
  workExperience: 7,
  activitiesParticipated: 'Science fair coordinator',
  opinionOnISRO: 'Inspiring for students',
});

export const validCandidate = () => ({
  mentorCode: 'MEN-4HT9PA',
  personalDetails: {
    fullName: 'Aarav Patil',
    fatherName: 'Suresh Patil',
    motherName: 'Meena Patil',
    gender: 'Male',
    dateOfBirth: '2012-06-15',
    religion: 'Hindu',
    region: 'Urban',
    motherTongue: 'Marathi',
  },
  contactDetails: { phoneNumber: '9876501234', email: 'parent@example.org' },
  orphanDetails: { isOrphan: false },
  permanentAddress: {
    addressLines: 'Flat 3, Shanti Apartments',
    village: 'Satpur',
    taluka: 'Nashik',
    district: 'Nashik',
    state: 'Maharashtra',
    pin: '422007',
  },
  educationalDetails: {
    schoolName: 'Nashik Model School',
    standard: '8th',
    medium: 'English',
    board: 'CBSE',
    kbeCategory: 'Sec',
    kbeStageParticipated: 'Mains',
    fees: 300,
  },
  feesPaid: false,
});

/** The guardian group of the candidate form (optional in the payload). */
export const validGuardian = () => ({ name: 'Meena Patil', relation: 'Mother', phoneNumber: '9876505678' });

/** A copy of `obj` without the given keys. */
export function omit<T extends object>(obj: T, ...keys: (keyof T)[]): Partial<T> {
  const copy: Partial<T> = { ...obj };
  for (const key of keys) delete copy[key];
  return copy;
}
