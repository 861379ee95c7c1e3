import { useEffect, useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@kbe/ui';
import type { CandidateRegistration } from '@kbe/contracts';
import {
  BOARDS,
  GENDERS,
  GUARDIAN_RELATIONS,
  KBE_CATEGORIES,
  MEDIUMS,
  REGIONS,
  STANDARDS,
  VALIDATION_MESSAGES,
  joinValidationMessages,
  registrationClosedMessage,
  type EditionSettings,
} from '@kbe/contracts/zod-free';
import { REGISTRATION_FAILURE_TITLES } from '@kbe/api-client';
import { CheckboxField, FieldGroup, SelectField, TextAreaField, TextField } from '../common/form-fields';
import { lazyResolver, loadRegistrationValidation, preloadRegistrationValidation } from '../common/lazy-validation';
import { clearDraft, idempotencyKeyFor, loadDraft, saveDraft } from '../common/form-draft.store';
import { ImageUploadField } from './image-upload-field';
import type { CodePrefill } from '../common/registration-outcome';
import { useRegistrationApi } from '../common/registration-api';
import { RegistrationOutcomeAlert } from '../common/registration-outcome';
import { useRegistrationSubmission } from '../common/use-registration-submission.hook';

export interface CandidateFormValues {
  mentorCode: string;
  personalDetails: {
    fullName: string;
    fatherName: string;
    motherName: string;
    gender: string;
    dateOfBirth: string;
    religion: string;
    region: string;
    motherTongue: string;
  };
  contactDetails: { phoneNumber: string; email: string };
  guardianDetails: { name: string; relation: string; phoneNumber: string };
  orphanDetails: { isOrphan: boolean };
  permanentAddress: {
    addressLines: string;
    village: string;
    taluka: string;
    district: string;
    state: string;
    pin: string;
  };
  educationalDetails: {
    schoolName: string;
    standard: string;
    medium: string;
    board: string;
    kbeCategory: string;
    kbeStageParticipated: string;
    fees: string;
  };
  feesPaid: boolean;
}

export const EMPTY_CANDIDATE: CandidateFormValues = {
  mentorCode: '',
  personalDetails: {
    fullName: '',
    fatherName: '',
    motherName: '',
    gender: '',
    dateOfBirth: '',
    religion: '',
    region: '',
    motherTongue: '',
  },
  contactDetails: { phoneNumber: '', email: '' },
  guardianDetails: { name: '', relation: '', phoneNumber: '' },
  orphanDetails: { isOrphan: false },
  permanentAddress: { addressLines: '', village: '', taluka: '', district: '', state: '', pin: '' },
  educationalDetails: {
    schoolName: '',
    standard: '',
    medium: '',
    board: '',
    kbeCategory: '',
    kbeStageParticipated: '',
    fees: '',
  },
  feesPaid: false,
};

const resolver = lazyResolver<CandidateFormValues, CandidateRegistration>('candidate');

interface CandidateRegistrationFormProps {
  edition: EditionSettings;
  now: () => Date;
  prefill?: CodePrefill;
}

const fileKey = (file: File | null) => (file ? `${file.name}:${file.size}:${file.lastModified}` : '');

export function CandidateRegistrationForm({ edition, now, prefill }: CandidateRegistrationFormProps) {
  const api = useRegistrationApi();
  const formId = `candidate-${useId().replace(/:/g, '')}`;
  const [initial] = useState(() => loadDraft('candidate', EMPTY_CANDIDATE));
  const form = useForm<CandidateFormValues, unknown, CandidateRegistration>({ resolver, defaultValues: initial });
  const { submitting, outcome, submit, fail } = useRegistrationSubmission('candidate');
  const [photo, setPhoto] = useState<File | null>(null);
  const [signature, setSignature] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [fileInputsKey, setFileInputsKey] = useState(0);

  useEffect(() => {
    const subscription = form.watch((values) => saveDraft('candidate', values));
    return () => subscription.unsubscribe();
  }, [form]);

  // The guardian's mobile follows the contact number until someone types another one.
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name !== 'contactDetails.phoneNumber' || form.getFieldState('guardianDetails.phoneNumber').isDirty) return;
      form.setValue('guardianDetails.phoneNumber', values.contactDetails?.phoneNumber ?? '');
    });
    return () => subscription.unsubscribe();
  }, [form]);

  useEffect(() => {
    if (prefill) form.setValue('mentorCode', prefill.code, { shouldDirty: true });
  }, [prefill, form]);

  /** The deadline first (alone, as the service answers it), then every rule of section 5 at once. */
  const checkSubmission = async () => {
    const closed = registrationClosedMessage(now(), edition);
    if (closed) return { success: false as const, messages: [closed] };
    const { validateCandidateSubmission } = await loadRegistrationValidation();
    return validateCandidateSubmission({ fields: form.getValues(), photo, signature });
  };

  const showProblems = (messages: string[]) => {
    setFileError(messages.includes(VALIDATION_MESSAGES.documents) ? VALIDATION_MESSAGES.documents : undefined);
    fail({ title: REGISTRATION_FAILURE_TITLES.candidate, message: joinValidationMessages(messages), details: [] });
  };

  const onValid = async (candidate: CandidateRegistration) => {
    const check = await checkSubmission();
    if (!check.success) {
      showProblems(check.messages);
      return;
    }
    if (!photo || !signature) return;
    setFileError(undefined);
    const fingerprint = JSON.stringify([candidate, fileKey(photo), fileKey(signature)]);
    return submit(
      () => api.registerCandidate(candidate, { photo, signature }, idempotencyKeyFor('candidate', fingerprint)),
      () => {
        form.reset(EMPTY_CANDIDATE);
        clearDraft('candidate');
        setPhoto(null);
        setSignature(null);
        setFileInputsKey((k) => k + 1);
      },
    );
  };

  const onInvalid = async () => {
    const check = await checkSubmission();
    if (!check.success) showProblems(check.messages);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid, onInvalid)(event);

  const field = { form, formId, required: true };
  const digits = { inputMode: 'numeric' as const, pattern: '[0-9]*', autoComplete: 'off' };
  return (
    <form noValidate aria-label="Candidate registration" onFocus={preloadRegistrationValidation} onSubmit={handleSubmit} className="flex flex-col gap-5">
      <FieldGroup legend="Mentor">
        <TextField
          {...field}
          name="mentorCode"
          label="Mentor Code"
          hint="The code your mentor received, e.g. MEN-4HT9PA."
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={10}
        />
      </FieldGroup>
      <FieldGroup legend="Personal details">
        <TextField {...field} name="personalDetails.fullName" label="Full Name" autoComplete="name" />
        <TextField {...field} name="personalDetails.fatherName" label="Father's Name" />
        <TextField {...field} name="personalDetails.motherName" label="Mother's Name" />
        <SelectField {...field} name="personalDetails.gender" label="Gender" options={GENDERS} />
        <TextField {...field} name="personalDetails.dateOfBirth" label="Date of Birth" type="date" />
        <TextField {...field} name="personalDetails.religion" label="Religion" />
        <SelectField {...field} name="personalDetails.region" label="Region" options={REGIONS} />
        <TextField {...field} name="personalDetails.motherTongue" label="Mother Tongue" />
      </FieldGroup>
      <FieldGroup legend="Contact details">
        <TextField {...field} name="contactDetails.phoneNumber" label="Phone Number" type="tel" maxLength={10} {...digits} />
        <TextField {...field} required={false} name="contactDetails.email" label="Email (optional)" type="email" autoComplete="email" />
        <CheckboxField {...field} name="orphanDetails.isOrphan" label="The candidate is an orphan" />
      </FieldGroup>
      <FieldGroup legend="Parent or guardian">
        <TextField {...field} name="guardianDetails.name" label="Parent/Guardian Name" autoComplete="off" />
        <SelectField {...field} name="guardianDetails.relation" label="Relation to the Candidate" options={GUARDIAN_RELATIONS} />
        <TextField
          {...field}
          name="guardianDetails.phoneNumber"
          label="Parent/Guardian Mobile Number"
          hint="The phone number above unless you change it. The parent or guardian gets an SMS to give consent for the candidate's data."
          type="tel"
          maxLength={10}
          {...digits}
        />
      </FieldGroup>
      <FieldGroup legend="Permanent address">
        <TextAreaField {...field} name="permanentAddress.addressLines" label="Address" className="sm:col-span-2" maxLength={1000} />
        <TextField {...field} name="permanentAddress.village" label="Village" />
        <TextField {...field} name="permanentAddress.taluka" label="Taluka" />
        <TextField {...field} name="permanentAddress.district" label="District" />
        <TextField {...field} name="permanentAddress.state" label="State" autoComplete="address-level1" />
        <TextField {...field} name="permanentAddress.pin" label="PIN Code" maxLength={6} {...digits} />
      </FieldGroup>
      <FieldGroup legend="Educational details">
        <TextField {...field} name="educationalDetails.schoolName" label="School Name" />
        <SelectField {...field} name="educationalDetails.standard" label="Standard" options={STANDARDS} />
        <SelectField {...field} name="educationalDetails.medium" label="Medium" options={MEDIUMS} />
        <SelectField {...field} name="educationalDetails.board" label="Board" options={BOARDS} />
        <SelectField {...field} name="educationalDetails.kbeCategory" label="KBE Category" options={KBE_CATEGORIES} />
        <TextField {...field} name="educationalDetails.kbeStageParticipated" label="KBE Stage Participated" />
        <TextField
          {...field}
          name="educationalDetails.fees"
          label="Fees (₹)"
          hint={`Mains fee: ₹${edition.fees.min}-₹${edition.fees.max}.`}
          inputMode="decimal"
          autoComplete="off"
        />
        <CheckboxField {...field} name="feesPaid" label="Fees paid" />
      </FieldGroup>
      <FieldGroup legend="Documents">
        <ImageUploadField
          key={`photo-${fileInputsKey}`}
          formId={formId}
          name="photo"
          label="Photo"
          file={photo}
          onChange={setPhoto}
          error={!photo ? fileError : undefined}
        />
        <ImageUploadField
          key={`signature-${fileInputsKey}`}
          formId={formId}
          name="signature"
          label="Signature"
          file={signature}
          onChange={setSignature}
          error={!signature ? fileError : undefined}
        />
      </FieldGroup>
      <div>
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? 'Registering Candidate...' : 'Register Candidate'}
        </Button>
      </div>
      <RegistrationOutcomeAlert kind="candidate" outcome={outcome} />
    </form>
  );
}
