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
  let text = '';
  let tone = 'text-slate-600';
  if (state.status === 'loading') text = 'Looking up school...';
  if (state.status === 'found') {
    text = `School: ${state.school.name}${state.school.city ? `, ${state.school.city}` : ''}`;
    tone = 'text-green-800 font-semibold';
  }
  if (state.status === 'not-found') {
    text = `No school is registered with the code ${state.code}. Please check it.`;
    tone = 'text-amber-800';
  }
  if (state.status === 'failed') text = 'Could not look up the school right now. You can still register.';
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
    <form noValidate aria-label="Mentor registration" onFocus={preloadRegistrationValidation} onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="flex flex-col gap-5">
      <FieldGroup legend="School">
        <div className="flex min-w-0 flex-col gap-1 sm:col-span-2">
          <TextField
            {...field}
            name="schoolCode"
            label="School Code"
            hint="The code your school received when it registered, e.g. SCH-7KQ2XM."
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={10}
            aria-describedby={lookupId}
          />
          <SchoolLookupNote state={lookup} id={lookupId} />
        </div>
      </FieldGroup>
      <FieldGroup legend="Mentor details">
        <TextField {...field} name="name" label="Name" autoComplete="name" />
        <TextField {...field} required={false} name="email" label="Email (optional)" type="email" autoComplete="email" />
        <TextField {...field} name="contact" label="Contact Number" type="tel" maxLength={10} {...digits} />
        <TextField {...field} name="subjectTeaching" label="Subject Teaching" />
        <TextField
          {...field}
          name="workExperience"
          label="Work Experience (years)"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
        />
        <TextAreaField {...field} name="address" label="Address" className="sm:col-span-2" maxLength={1000} />
        <TextAreaField
          {...field}
          name="activitiesParticipated"
          label="Activities Participated"
          className="sm:col-span-2"
          maxLength={1000}
        />
        <TextAreaField {...field} name="opinionOnISRO" label="Opinion on ISRO" className="sm:col-span-2" maxLength={1000} />
      </FieldGroup>
      <div>
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? 'Registering Mentor...' : 'Register Mentor'}
        </Button>
      </div>
      <RegistrationOutcomeAlert
        kind="mentor"
        outcome={outcome}
        next={{ label: 'Register a candidate with this mentor', onClick: onOpenCandidateTab }}
      />
    </form>
  );
}
