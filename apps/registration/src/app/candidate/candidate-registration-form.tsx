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
import { choiceLabel, deadlineText, useRegistrationMessages } from '../../i18n/registration.catalogue';

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
  const { t, text, locale } = useRegistrationMessages();
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
    return validateCandidateSubmission({ fields: { ...form.getValues(), language: locale }, photo, signature });
  };

  /** The deadline in the page's language, for its message ('Registration deadline (...) has passed'). */
  const deadline = deadlineText(locale, edition.registrationDeadline, edition.timeZoneOffsetMinutes, '');

  const showProblems = (messages: string[]) => {
    setFileError(messages.includes(VALIDATION_MESSAGES.documents) ? VALIDATION_MESSAGES.documents : undefined);
    const shown = locale === 'en' ? messages : messages.map((message) => text(message, { deadline }));
    fail({ title: REGISTRATION_FAILURE_TITLES.candidate, message: joinValidationMessages(shown), details: [] });
  };

  const onValid = async (candidate: CandidateRegistration) => {
    const check = await checkSubmission();
    if (!check.success) {
      showProblems(check.messages);
      return;
    }
    if (!photo || !signature) return;
    setFileError(undefined);
    // The language of what the candidate and their parent are sent: the page's.
    const registration: CandidateRegistration = { ...candidate, language: locale };
    const fingerprint = JSON.stringify([registration, fileKey(photo), fileKey(signature)]);
    return submit(
      () => api.registerCandidate(registration, { photo, signature }, idempotencyKeyFor('candidate', fingerprint)),
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
    <form noValidate aria-label={t('form.candidate')} onFocus={preloadRegistrationValidation} onSubmit={handleSubmit} className="flex flex-col gap-5">
      <FieldGroup legend={t('legend.mentor')}>
        <TextField
          {...field}
          name="mentorCode"
          label={t('label.mentorCode')}
          hint={t('hint.mentorCode')}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={10}
        />
      </FieldGroup>
      <FieldGroup legend={t('legend.personalDetails')}>
        <TextField {...field} name="personalDetails.fullName" label={t('label.fullName')} autoComplete="name" />
        <TextField {...field} name="personalDetails.fatherName" label={t('label.fatherName')} />
        <TextField {...field} name="personalDetails.motherName" label={t('label.motherName')} />
        <SelectField {...field} name="personalDetails.gender" label={t('label.gender')} options={GENDERS} optionLabel={(value) => choiceLabel(t, 'gender', value)} />
        <TextField {...field} name="personalDetails.dateOfBirth" label={t('label.dateOfBirth')} type="date" />
        <TextField {...field} name="personalDetails.religion" label={t('label.religion')} />
        <SelectField {...field} name="personalDetails.region" label={t('label.region')} options={REGIONS} optionLabel={(value) => choiceLabel(t, 'region', value)} />
        <TextField {...field} name="personalDetails.motherTongue" label={t('label.motherTongue')} />
      </FieldGroup>
      <FieldGroup legend={t('legend.contactDetails')}>
        <TextField {...field} name="contactDetails.phoneNumber" label={t('label.phoneNumber')} type="tel" maxLength={10} {...digits} />
        <TextField {...field} required={false} name="contactDetails.email" label={t('label.emailOptional')} type="email" autoComplete="email" />
        <CheckboxField {...field} name="orphanDetails.isOrphan" label={t('label.isOrphan')} />
      </FieldGroup>
      <FieldGroup legend={t('legend.guardian')}>
        <TextField {...field} name="guardianDetails.name" label={t('label.guardianName')} autoComplete="off" />
        <SelectField {...field} name="guardianDetails.relation" label={t('label.guardianRelation')} options={GUARDIAN_RELATIONS} optionLabel={(value) => choiceLabel(t, 'guardianRelation', value)} />
        <TextField
          {...field}
          name="guardianDetails.phoneNumber"
          label={t('label.guardianPhone')}
          hint={t('hint.guardianPhone')}
          type="tel"
          maxLength={10}
          {...digits}
        />
      </FieldGroup>
      <FieldGroup legend={t('legend.permanentAddress')}>
        <TextAreaField {...field} name="permanentAddress.addressLines" label={t('label.address')} className="sm:col-span-2" maxLength={1000} />
        <TextField {...field} name="permanentAddress.village" label={t('label.village')} />
        <TextField {...field} name="permanentAddress.taluka" label={t('label.taluka')} />
        <TextField {...field} name="permanentAddress.district" label={t('label.district')} />
        <TextField {...field} name="permanentAddress.state" label={t('label.state')} autoComplete="address-level1" />
        <TextField {...field} name="permanentAddress.pin" label={t('label.pin')} maxLength={6} {...digits} />
      </FieldGroup>
      <FieldGroup legend={t('legend.educationalDetails')}>
        <TextField {...field} name="educationalDetails.schoolName" label={t('label.schoolName')} />
        <SelectField {...field} name="educationalDetails.standard" label={t('label.standard')} options={STANDARDS} optionLabel={(value) => choiceLabel(t, 'standard', value)} />
        <SelectField {...field} name="educationalDetails.medium" label={t('label.medium')} options={MEDIUMS} optionLabel={(value) => choiceLabel(t, 'medium', value)} />
        <SelectField {...field} name="educationalDetails.board" label={t('label.board')} options={BOARDS} optionLabel={(value) => choiceLabel(t, 'board', value)} />
        <SelectField {...field} name="educationalDetails.kbeCategory" label={t('label.kbeCategory')} options={KBE_CATEGORIES} optionLabel={(value) => choiceLabel(t, 'kbeCategory', value)} />
        <TextField {...field} name="educationalDetails.kbeStageParticipated" label={t('label.kbeStage')} />
        <TextField
          {...field}
          name="educationalDetails.fees"
          label={t('label.fees')}
          hint={t('hint.fees', { min: String(edition.fees.min), max: String(edition.fees.max) })}
          inputMode="decimal"
          autoComplete="off"
        />
        <CheckboxField {...field} name="feesPaid" label={t('label.feesPaid')} />
      </FieldGroup>
      <FieldGroup legend={t('legend.documents')}>
        <ImageUploadField
          key={`photo-${fileInputsKey}`}
          formId={formId}
          name="photo"
          label={t('label.photo')}
          file={photo}
          onChange={setPhoto}
          error={!photo ? fileError : undefined}
        />
        <ImageUploadField
          key={`signature-${fileInputsKey}`}
          formId={formId}
          name="signature"
          label={t('label.signature')}
          file={signature}
          onChange={setSignature}
          error={!signature ? fileError : undefined}
        />
      </FieldGroup>
      <div>
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? t('submitting.candidate') : t('submit.candidate')}
        </Button>
      </div>
      <RegistrationOutcomeAlert kind="candidate" outcome={outcome} />
    </form>
  );
}
