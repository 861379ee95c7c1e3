import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@kbe/ui';
import type { MentorRegistration } from '@kbe/contracts';
import { FieldGroup, TextAreaField, TextField } from '../common/form-fields';
import { lazyResolver, preloadRegistrationValidation } from '../common/lazy-validation';
import { clearDraft, idempotencyKeyFor, loadDraft, saveDraft } from '../common/form-draft.store';
import { useRegistrationApi } from '../common/registration-api';
import { RegistrationOutcomeAlert, type CodePrefill } from '../common/registration-outcome';
import { useRegistrationSubmission } from '../common/use-registration-submission.hook';
import { useSchoolLookup, type SchoolLookupState } from './use-school-lookup.hook';
import { useRegistrationMessages } from '../../i18n/registration.catalogue';

export interface MentorFormValues {
  schoolCode: string;
  name: string;
  email: string;
  address: string;
  contact: string;
  subjectTeaching: string;
  workExperience: string;
  activitiesParticipated: string;
  opinionOnISRO: string;
}

export const EMPTY_MENTOR: MentorFormValues = {
  schoolCode: '',
  name: '',
  email: '',
  address: '',
  contact: '',
  subjectTeaching: '',
  workExperience: '0',
  activitiesParticipated: '',
  opinionOnISRO: '',
};

const resolver = lazyResolver<MentorFormValues, MentorRegistration>('mentor');

function SchoolLookupNote({ state, id }: { state: SchoolLookupState; id: string }) {
  const { t } = useRegistrationMessages();
  let text = '';
  let tone = 'text-slate-600';
  if (state.status === 'loading') text = t('lookup.loading');
  if (state.status === 'found') {
    const { name, city } = state.school;
    text = city ? t('lookup.foundInCity', { name, city }) : t('lookup.found', { name });
    tone = 'text-green-800 font-semibold';
  }
  if (state.status === 'not-found') {
    text = t('lookup.notFound', { code: state.code });
    tone = 'text-amber-800';
  }
  if (state.status === 'failed') text = t('lookup.failed');
  return (
    <p id={id} aria-live="polite" className={`min-h-5 text-sm ${tone}`}>
      {text}
    </p>
  );
}

export function MentorRegistrationForm({
  prefill,
  onOpenCandidateTab,
}: {
  prefill?: CodePrefill;
  onOpenCandidateTab: (mentorCode: string) => void;
}) {
  const api = useRegistrationApi();
  const { t } = useRegistrationMessages();
  const formId = `mentor-${useId().replace(/:/g, '')}`;
  const [initial] = useState(() => loadDraft('mentor', EMPTY_MENTOR));
  const form = useForm<MentorFormValues, unknown, MentorRegistration>({ resolver, defaultValues: initial });
  const { submitting, outcome, submit } = useRegistrationSubmission('mentor');
  const schoolCode = useWatch({ control: form.control, name: 'schoolCode' });
  const lookup = useSchoolLookup(schoolCode);
  const lookupId = `${formId}-school-lookup`;

  useEffect(() => {
    const subscription = form.watch((values) => saveDraft('mentor', values));
    return () => subscription.unsubscribe();
  }, [form]);

  useEffect(() => {
    if (prefill) form.setValue('schoolCode', prefill.code, { shouldDirty: true });
  }, [prefill, form]);

  const onValid = (mentor: MentorRegistration) =>
    submit(
      () => api.registerMentor(mentor, idempotencyKeyFor('mentor', JSON.stringify(mentor))),
      () => {
        form.reset(EMPTY_MENTOR);
        clearDraft('mentor');
      },
    );

  const field = { form, formId, required: true };
  const digits = { inputMode: 'numeric' as const, pattern: '[0-9]*', autoComplete: 'off' };
  return (
    <form noValidate aria-label={t('form.mentor')} onFocus={preloadRegistrationValidation} onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="flex flex-col gap-5">
      <FieldGroup legend={t('legend.school')}>
        <div className="flex min-w-0 flex-col gap-1 sm:col-span-2">
          <TextField
            {...field}
            name="schoolCode"
            label={t('label.schoolCode')}
            hint={t('hint.schoolCode')}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={10}
            aria-describedby={lookupId}
          />
          <SchoolLookupNote state={lookup} id={lookupId} />
        </div>
      </FieldGroup>
      <FieldGroup legend={t('legend.mentorDetails')}>
        <TextField {...field} name="name" label={t('label.name')} autoComplete="name" />
        <TextField {...field} required={false} name="email" label={t('label.emailOptional')} type="email" autoComplete="email" />
        <TextField {...field} name="contact" label={t('label.contact')} type="tel" maxLength={10} {...digits} />
        <TextField {...field} name="subjectTeaching" label={t('label.subjectTeaching')} />
        <TextField
          {...field}
          name="workExperience"
          label={t('label.workExperience')}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
        />
        <TextAreaField {...field} name="address" label={t('label.address')} className="sm:col-span-2" maxLength={1000} />
        <TextAreaField
          {...field}
          name="activitiesParticipated"
          label={t('label.activitiesParticipated')}
          className="sm:col-span-2"
          maxLength={1000}
        />
        <TextAreaField {...field} name="opinionOnISRO" label={t('label.opinionOnIsro')} className="sm:col-span-2" maxLength={1000} />
      </FieldGroup>
      <div>
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? t('submitting.mentor') : t('submit.mentor')}
        </Button>
      </div>
      <RegistrationOutcomeAlert
        kind="mentor"
        outcome={outcome}
        next={{ label: t('next.mentor'), onClick: onOpenCandidateTab }}
      />
    </form>
  );
}
