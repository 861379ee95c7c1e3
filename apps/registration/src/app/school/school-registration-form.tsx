import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@kbe/ui';
import type { SchoolRegistration } from '@kbe/contracts';
import { SCHOOL_TYPES } from '@kbe/contracts/zod-free';
import { FieldGroup, SelectField, TextField } from '../common/form-fields';
import { lazyResolver, preloadRegistrationValidation } from '../common/lazy-validation';
import { clearDraft, idempotencyKeyFor, loadDraft, saveDraft } from '../common/form-draft.store';
import { useRegistrationApi } from '../common/registration-api';
import { RegistrationOutcomeAlert } from '../common/registration-outcome';
import { useRegistrationSubmission } from '../common/use-registration-submission.hook';
import { choiceLabel, useRegistrationMessages } from '../../i18n/registration.catalogue';

export interface SchoolFormValues {
  schoolName: string;
  udiseCode: string;
  contact: string;
  schoolType: string;
  address: {
    area: string;
    locality: string;
    street: string;
    village: string;
    town: string;
    city: string;
    state: string;
    pin: string;
  };
  principal: { name: string; contact: string };
}

export const EMPTY_SCHOOL: SchoolFormValues = {
  schoolName: '',
  udiseCode: '',
  contact: '',
  schoolType: '',
  address: { area: '', locality: '', street: '', village: '', town: '', city: '', state: '', pin: '' },
  principal: { name: '', contact: '' },
};

const resolver = lazyResolver<SchoolFormValues, SchoolRegistration>('school');

const digits = { inputMode: 'numeric' as const, pattern: '[0-9]*', autoComplete: 'off' };

export function SchoolRegistrationForm({ onOpenMentorTab }: { onOpenMentorTab: (schoolCode: string) => void }) {
  const api = useRegistrationApi();
  const { t } = useRegistrationMessages();
  const formId = `school-${useId().replace(/:/g, '')}`;
  const [initial] = useState(() => loadDraft('school', EMPTY_SCHOOL));
  const form = useForm<SchoolFormValues, unknown, SchoolRegistration>({ resolver, defaultValues: initial });
  const { submitting, outcome, submit } = useRegistrationSubmission('school');

  useEffect(() => {
    const subscription = form.watch((values) => saveDraft('school', values));
    return () => subscription.unsubscribe();
  }, [form]);

  const onValid = (school: SchoolRegistration) =>
    submit(
      () => api.registerSchool(school, idempotencyKeyFor('school', JSON.stringify(school))),
      () => {
        form.reset(EMPTY_SCHOOL);
        clearDraft('school');
      },
    );

  const field = { form, formId, required: true };
  return (
    <form noValidate aria-label={t('form.school')} onFocus={preloadRegistrationValidation} onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="flex flex-col gap-5">
      <FieldGroup legend={t('legend.schoolDetails')}>
        <TextField {...field} name="schoolName" label={t('label.schoolName')} autoComplete="organization" maxLength={200} />
        <TextField {...field} name="udiseCode" label={t('label.udiseCode')} maxLength={20} autoComplete="off" />
        <TextField {...field} name="contact" label={t('label.contact')} type="tel" maxLength={10} {...digits} />
        <SelectField {...field} name="schoolType" label={t('label.schoolType')} options={SCHOOL_TYPES} optionLabel={(value) => choiceLabel(t, 'schoolType', value)} />
      </FieldGroup>
      <FieldGroup legend={t('legend.schoolAddress')}>
        <TextField {...field} name="address.area" label={t('label.area')} />
        <TextField {...field} name="address.locality" label={t('label.locality')} />
        <TextField {...field} name="address.street" label={t('label.street')} />
        <TextField {...field} name="address.village" label={t('label.village')} />
        <TextField {...field} name="address.town" label={t('label.town')} />
        <TextField {...field} name="address.city" label={t('label.city')} autoComplete="address-level2" />
        <TextField {...field} name="address.state" label={t('label.state')} autoComplete="address-level1" />
        <TextField {...field} name="address.pin" label={t('label.pin')} maxLength={6} {...digits} />
      </FieldGroup>
      <FieldGroup legend={t('legend.principal')}>
        <TextField {...field} name="principal.name" label={t('label.principalName')} />
        <TextField {...field} name="principal.contact" label={t('label.principalContact')} type="tel" maxLength={10} {...digits} />
      </FieldGroup>
      <div>
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? t('submitting.school') : t('submit.school')}
        </Button>
      </div>
      <RegistrationOutcomeAlert
        kind="school"
        outcome={outcome}
        next={{ label: t('next.school'), onClick: onOpenMentorTab }}
      />
    </form>
  );
}
