import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Send from 'lucide-react/icons/send';
import { ApiClientError } from '@kbe/api-client';
import { CONTACT_GRADE_LEVELS, CONTACT_MESSAGES } from '@kbe/contracts/zod-free';
import { Button, FieldError, Input, Label, NativeSelect, Textarea, toast } from '@kbe/ui';
import { EMPTY_CONTACT_FORM, contactFormSchema, type ContactFormInput, type ContactMessage } from './contact-form.schema';
import { sendContactMessage } from './contact-message.api';
import { GRADE_LEVEL_KEYS, contractMessage } from '../../i18n/contract-messages';
import { usePublicMessages } from '../../i18n/page-language.hook';

export interface ContactFormProps {
  send?: (message: ContactMessage) => Promise<void>;
}

/**
 * 'Send us a Message': validated on submit, then re-validated on change. On success a toast
 * confirms and the form resets; on failure a destructive toast explains and everything typed stays.
 */
export function ContactForm({ send = sendContactMessage }: ContactFormProps) {
  const uid = useId();
  const t = usePublicMessages();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactMessage>({
    resolver: zodResolver(contactFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_CONTACT_FORM,
  });

  const onSubmit = async (message: ContactMessage) => {
    try {
      await send(message);
      toast({ title: contractMessage(t, CONTACT_MESSAGES.sentTitle), description: contractMessage(t, CONTACT_MESSAGES.sentText) });
      reset(EMPTY_CONTACT_FORM);
    } catch (error) {
      toast({
        title: t('contactForm.failureTitle'),
        description: error instanceof ApiClientError && error.message ? contractMessage(t, error.message) : t('contactForm.failureText'),
        variant: 'destructive',
      });
    }
  };

  const field = (name: keyof ContactFormInput) => {
    const id = `${uid}-${name}`;
    const errorId = `${id}-error`;
    const rule = errors[name]?.message;
    const message = rule ? contractMessage(t, rule) : undefined;
    return {
      id,
      errorId,
      message,
      aria: { 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? errorId : undefined },
    };
  };

  const firstName = field('firstName');
  const lastName = field('lastName');
  const email = field('email');
  const gradeLevel = field('gradeLevel');
  const message = field('message');

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="flex flex-col gap-5" aria-label={t('contactPage.formTitle')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={firstName.id}>{t('contactForm.firstName')}</Label>
          <Input id={firstName.id} autoComplete="given-name" {...firstName.aria} {...register('firstName')} />
          <FieldError id={firstName.errorId} message={firstName.message} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={lastName.id}>{t('contactForm.lastName')}</Label>
          <Input id={lastName.id} autoComplete="family-name" {...lastName.aria} {...register('lastName')} />
          <FieldError id={lastName.errorId} message={lastName.message} />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={email.id}>{t('contactForm.email')}</Label>
        <Input id={email.id} type="email" inputMode="email" autoComplete="email" {...email.aria} {...register('email')} />
        <FieldError id={email.errorId} message={email.message} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={gradeLevel.id}>{t('contactForm.gradeLevel')}</Label>
        <NativeSelect id={gradeLevel.id} {...gradeLevel.aria} {...register('gradeLevel')}>
          <option value="">{t('contactForm.gradePlaceholder')}</option>
          {CONTACT_GRADE_LEVELS.map((option) => (
            <option key={option} value={option}>
              {t(GRADE_LEVEL_KEYS[option])}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={gradeLevel.errorId} message={gradeLevel.message} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={message.id}>{t('contactForm.message')}</Label>
        <Textarea id={message.id} rows={5} {...message.aria} {...register('message')} />
        <FieldError id={message.errorId} message={message.message} />
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto sm:self-start">
        <Send aria-hidden="true" className="h-4 w-4" />
        {isSubmitting ? t('contactForm.sending') : t('contactForm.send')}
      </Button>
    </form>
  );
}
