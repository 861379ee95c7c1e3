import { useState, type FormEvent } from 'react';
import {
  BOARDS,
  CANDIDATE_LANGUAGES,
  CANDIDATE_LANGUAGE_NAMES,
  DEFAULT_CANDIDATE_LANGUAGE,
  GENDERS,
  GUARDIAN_RELATIONS,
  KBE_CATEGORIES,
  MEDIUMS,
  REGIONS,
  STANDARDS,
  IMAGE_ACCEPT_ATTRIBUTE,
  MAX_IMAGE_FILE_LABEL,
  candidateRegistrationSchema,
  isAllowedImageType,
  isWithinImageSizeLimit,
  validateWith,
  type CandidateRegistration,
} from '@kbe/contracts';
import { Alert, AlertDescription, AlertTitle, Button, FieldError, Input, Label, NativeSelect } from '@kbe/ui';
import { errorMessage } from '@kbe/api-client';

type FieldKind =
  | { type: 'text' | 'date' | 'number' | 'email' | 'tel' }
  /** `names`: what each option shows, when not the value itself. */
  | { type: 'select'; options: readonly string[]; names?: Readonly<Record<string, string>> }
  | { type: 'yes-no' };

interface FieldSpec {
  path: string;
  label: string;
  kind: FieldKind;
}

const text = { type: 'text' } as const;
const select = (options: readonly string[]) => ({ type: 'select', options }) as const;

/** Every registration field, in the order of the registration form (spec section 3). */
export const CANDIDATE_FIELDS: FieldSpec[] = [
  { path: 'mentorCode', label: 'Mentor code', kind: text },
  { path: 'personalDetails.fullName', label: 'Full name', kind: text },
  { path: 'personalDetails.fatherName', label: "Father's name", kind: text },
  { path: 'personalDetails.motherName', label: "Mother's name", kind: text },
  { path: 'personalDetails.gender', label: 'Gender', kind: select(GENDERS) },
  { path: 'personalDetails.dateOfBirth', label: 'Date of birth', kind: { type: 'date' } },
  { path: 'personalDetails.religion', label: 'Religion', kind: text },
  { path: 'personalDetails.region', label: 'Region', kind: select(REGIONS) },
  { path: 'personalDetails.motherTongue', label: 'Mother tongue', kind: text },
  { path: 'contactDetails.phoneNumber', label: 'Phone number', kind: { type: 'tel' } },
  { path: 'contactDetails.email', label: 'Email (optional)', kind: { type: 'email' } },
  { path: 'guardianDetails.name', label: 'Parent/guardian name', kind: text },
  { path: 'guardianDetails.relation', label: 'Relation to the candidate', kind: select(GUARDIAN_RELATIONS) },
  { path: 'guardianDetails.phoneNumber', label: 'Parent/guardian mobile (blank: the phone number)', kind: { type: 'tel' } },
  { path: 'orphanDetails.isOrphan', label: 'Orphan', kind: { type: 'yes-no' } },
  { path: 'permanentAddress.addressLines', label: 'Address', kind: text },
  { path: 'permanentAddress.village', label: 'Village', kind: text },
  { path: 'permanentAddress.taluka', label: 'Taluka', kind: text },
  { path: 'permanentAddress.district', label: 'District', kind: text },
  { path: 'permanentAddress.state', label: 'State', kind: text },
  { path: 'permanentAddress.pin', label: 'PIN code', kind: text },
  { path: 'educationalDetails.schoolName', label: 'School name', kind: text },
  { path: 'educationalDetails.standard', label: 'Standard', kind: select(STANDARDS) },
  { path: 'educationalDetails.medium', label: 'Medium', kind: select(MEDIUMS) },
  { path: 'educationalDetails.board', label: 'Board', kind: select(BOARDS) },
  { path: 'educationalDetails.kbeCategory', label: 'KBE category', kind: select(KBE_CATEGORIES) },
  { path: 'educationalDetails.kbeStageParticipated', label: 'KBE stage participated', kind: text },
  { path: 'educationalDetails.fees', label: 'Fees (₹)', kind: { type: 'number' } },
  // the language of the SMS and documents the candidate and their parent are sent
  { path: 'language', label: 'Language', kind: { type: 'select', options: CANDIDATE_LANGUAGES, names: CANDIDATE_LANGUAGE_NAMES } },
  { path: 'feesPaid', label: 'Fees paid', kind: { type: 'yes-no' } },
];

type FlatValues = Record<string, string>;

/** What a select shows for an option: its name when the field has names (a language), else the value. */
function optionName(kind: FieldKind, option: string): string {
  return (kind.type === 'select' && kind.names?.[option]) || option;
}

function readPath(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), source);
}

/**
 * The form's flat text values of a candidate (or empty ones for a new candidate); the language is
 * English unless the candidate has another.
 */
export function toFormValues(candidate?: Partial<CandidateRegistration>): FlatValues {
  const values: FlatValues = {};
  for (const field of CANDIDATE_FIELDS) {
    const value = candidate ? readPath(candidate, field.path) : undefined;
    if (field.kind.type === 'yes-no') values[field.path] = value === true ? 'true' : 'false';
    else values[field.path] = value === undefined || value === null ? '' : String(value);
  }
  values['language'] ||= DEFAULT_CANDIDATE_LANGUAGE;
  return values;
}

const GUARDIAN_PATHS = CANDIDATE_FIELDS.map((field) => field.path).filter((path) => path.startsWith('guardianDetails.'));

/**
 * Nested payload the schema reads; an empty optional email or guardian mobile is left out, and so
 * is the guardian group when all of it is empty (a registration that named none).
 */
export function toPayload(values: FlatValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const noGuardian = GUARDIAN_PATHS.every((path) => (values[path] ?? '').trim() === '');
  for (const field of CANDIDATE_FIELDS) {
    const raw = values[field.path] ?? '';
    if ((field.path === 'contactDetails.email' || field.path === 'guardianDetails.phoneNumber') && raw.trim() === '') continue;
    if (noGuardian && field.path.startsWith('guardianDetails.')) continue;
    const value = field.kind.type === 'yes-no' ? raw === 'true' : raw;
    const keys = field.path.split('.');
    let target = payload;
    for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[keys[keys.length - 1]] = value;
  }
  return payload;
}

export interface CandidateFiles {
  photo: File;
  signature: File;
}

export interface CandidateFormProps {
  formId: string;
  label: string;
  initial?: Partial<CandidateRegistration>;
  submitLabel: string;
  /** A new candidate also needs a photo and a signature (as in registration). */
  withFiles?: boolean;
  onSubmit: (candidate: CandidateRegistration, files?: CandidateFiles) => Promise<void>;
}

/** Spec section 5: both images are required, images only, at most 5MB each. */
function fileProblem(photo: File | null, signature: File | null): string | null {
  if (!photo || !signature) return 'Both photo and signature documents are required';
  for (const file of [photo, signature]) {
    if (!isAllowedImageType(file.type)) return 'Please choose an image file (JPEG, PNG, WebP or GIF)';
    if (!isWithinImageSizeLimit(file.size)) return `Please select a file smaller than ${MAX_IMAGE_FILE_LABEL}`;
  }
  return null;
}

/**
 * Add or edit a candidate with the same validation as the registration form
 * (`candidateRegistrationSchema` of @kbe/contracts). What was typed survives a failed save.
 */
export function CandidateForm({ formId, label, initial, submitLabel, withFiles, onSubmit }: CandidateFormProps) {
  const [values, setValues] = useState<FlatValues>(() => toFormValues(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [signature, setSignature] = useState<File | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateWith(candidateRegistrationSchema, toPayload(values));
    const filesError = withFiles ? fileProblem(photo, signature) : null;
    if (!result.success || filesError) {
      const fieldErrors: Record<string, string> = result.success ? {} : Object.fromEntries(result.fieldErrors.map((e) => [e.field, e.message]));
      if (filesError) fieldErrors['files'] = filesError;
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    setServerError(null);
    setSaving(true);
    try {
      await onSubmit(result.data, withFiles && photo && signature ? { photo, signature } : undefined);
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form id={formId} aria-label={label} noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      {serverError ? (
        <Alert variant="destructive">
          <AlertTitle>Could not save</AlertTitle>
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {CANDIDATE_FIELDS.map((field) => {
          const id = `${formId}-${field.path.replace(/\./g, '-')}`;
          const error = errors[field.path];
          const common = {
            id,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
            value: values[field.path],
            onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field.path]: e.target.value })),
          };
          return (
            <div key={field.path} className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={id}>{field.label}</Label>
              {field.kind.type === 'select' ? (
                <NativeSelect {...common}>
                  <option value="">Select...</option>
                  {field.kind.options.map((option) => (
                    <option key={option} value={option}>
                      {optionName(field.kind, option)}
                    </option>
                  ))}
                </NativeSelect>
              ) : field.kind.type === 'yes-no' ? (
                <NativeSelect {...common}>
                  <option value="false">No</option>
                  <option value="true">Yes</option>
                </NativeSelect>
              ) : (
                <Input {...common} type={field.kind.type} className="min-h-11" />
              )}
              <FieldError id={`${id}-error`} message={error} />
            </div>
          );
        })}
      </div>
      {withFiles ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={`${formId}-photo`}>Photo</Label>
            <Input id={`${formId}-photo`} type="file" accept={IMAGE_ACCEPT_ATTRIBUTE} aria-describedby={errors['files'] ? `${formId}-files-error` : undefined} onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} className="min-h-11 py-2" />
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={`${formId}-signature`}>Signature</Label>
            <Input id={`${formId}-signature`} type="file" accept={IMAGE_ACCEPT_ATTRIBUTE} aria-describedby={errors['files'] ? `${formId}-files-error` : undefined} onChange={(e) => setSignature(e.target.files?.[0] ?? null)} className="min-h-11 py-2" />
          </div>
          <div className="sm:col-span-2">
            <FieldError id={`${formId}-files-error`} message={errors['files']} />
          </div>
        </div>
      ) : null}
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}
