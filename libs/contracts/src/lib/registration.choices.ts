/**
 * The choices the registration forms offer (spec section 3): the forms render them on the first
 * paint, the schemas accept exactly these. No zod here, so a form's markup needs no validation library.
 */
export const SCHOOL_TYPES = ['Primary', 'Secondary', 'Higher Secondary'] as const;
export type SchoolType = (typeof SCHOOL_TYPES)[number];

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const REGIONS = ['Urban', 'Rural'] as const;
export const STANDARDS = ['5th', '6th', '7th', '8th', '9th', '10th', '11th', '12th'] as const;
export const MEDIUMS = ['Marathi', 'Semi-English', 'English', 'Other'] as const;
export const BOARDS = ['Maharashtra State Board', 'CBSE', 'Other'] as const;
export const KBE_CATEGORIES = ['Prime', 'Sec', 'High'] as const;
/** Who gives consent for the candidate (every candidate is a minor): a parent or a lawful guardian. */
export const GUARDIAN_RELATIONS = ['Mother', 'Father', 'Guardian'] as const;

export type Gender = (typeof GENDERS)[number];
export type Region = (typeof REGIONS)[number];
export type Standard = (typeof STANDARDS)[number];
export type Medium = (typeof MEDIUMS)[number];
export type Board = (typeof BOARDS)[number];
export type KbeCategory = (typeof KBE_CATEGORIES)[number];
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];
