import {
  CORRECTABLE_FIELD_LABELS,
  CORRECTABLE_FIELDS,
  type CandidateRegistration,
  type CorrectableField,
  type CorrectionChange,
  type CorrectionValue,
} from '@kbe/contracts';

type Groups = Pick<CandidateRegistration, 'personalDetails' | 'contactDetails' | 'guardianDetails' | 'orphanDetails' | 'permanentAddress' | 'educationalDetails'>;

function split(field: CorrectableField): [keyof Groups, string] {
  const [group, key] = field.split('.') as [keyof Groups, string];
  return [group, key];
}

/** The value of a correctable field on a record: null where the record has none (no guardian named). */
export function correctableValueOf(record: Partial<Groups>, field: CorrectableField): CorrectionValue {
  const [group, key] = split(field);
  const value = (record[group] as Record<string, unknown> | null | undefined)?.[key];
  if (value === undefined || value === null) return null;
  return typeof value === 'string' || typeof value === 'boolean' ? value : String(value);
}

/**
 * The fields a request changes, in the form's order, each with the value on record and the new
 * one (as the form's rule gave it back: trimmed; a blank guardian's mobile is ''). A new value
 * equal to the one on record is no change.
 */
export function changesOf(record: Partial<Groups>, requested: Partial<Record<CorrectableField, unknown>>): CorrectionChange[] {
  return CORRECTABLE_FIELDS.flatMap((field) => {
    if (!(field in requested)) return [];
    const asked = requested[field];
    const to: CorrectionValue = asked === undefined || asked === null ? '' : typeof asked === 'boolean' ? asked : String(asked);
    const from = correctableValueOf(record, field);
    if (to === from || (to === '' && from === null)) return [];
    return [{ field, label: CORRECTABLE_FIELD_LABELS[field], from, to }];
  });
}

/** The registration fields of a stored candidate: what the admin edit (`PUT /internal/candidates/{code}`) takes. */
export function registrationOf(record: CandidateRegistration): Record<string, unknown> {
  return {
    mentorCode: record.mentorCode,
    personalDetails: record.personalDetails,
    contactDetails: record.contactDetails,
    ...(record.guardianDetails ? { guardianDetails: record.guardianDetails } : {}),
    orphanDetails: record.orphanDetails,
    permanentAddress: record.permanentAddress,
    educationalDetails: record.educationalDetails,
    ...(record.language ? { language: record.language } : {}),
    feesPaid: record.feesPaid,
  };
}

/** The registration with the new values written in (a copy); to be validated as a whole by the form's schema. */
export function withChanges(registration: Record<string, unknown>, changes: readonly Pick<CorrectionChange, 'field' | 'to'>[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...registration };
  for (const { field, to } of changes) {
    const [group, key] = split(field);
    const holder = { ...((copy[group] as Record<string, unknown> | undefined) ?? {}) };
    if (to === null) delete holder[key];
    else holder[key] = to;
    copy[group] = holder;
  }
  return copy;
}
