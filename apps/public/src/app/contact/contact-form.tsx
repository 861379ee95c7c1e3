import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Send from 'lucide-react/icons/send';
import { ApiClientError } from '@kbe/api-client';
import { CONTACT_GRADE_LEVELS, CONTACT_MESSAGES } from '@kbe/contracts/zod-free';
import { Button, FieldError, Input, Label, NativeSelect, Textarea, toast } from '@kbe/ui';
import { EMPTY_CONTACT_FORM, contactFormSchema, type ContactFormInput, type ContactMessage } from './contact-form.schema';
import { sendContactMessage } from './contact-message.api';

export const CONTACT_FAILURE_TITLE = 'Message Not Sent';
const FALLBACK_FAILURE = 'Your message could not be sent. Please try again.';

export interface ContactFormProps {
  send?: (message: ContactMessage) => Promise<void>;
}

/**
 * 'Send us a Message': validated on submit, then re-validated on change. On success a toast
 * confirms and the form resets; on failure a destructive toast explains and everything typed stays.
 */
export function ContactForm({ send = sendContactMessage }: ContactFormProps) {
  const uid = useId();
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
      toast({ title: CONTACT_MESSAGES.sentTitle, description: CONTACT_MESSAGES.sentText });
      reset(EMPTY_CONTACT_FORM);
    } catch (error) {
      toast({
        title: CONTACT_FAILURE_TITLE,
        description: error instanceof ApiClientError && error.message ? error.message : FALLBACK_FAILURE,
        variant: 'destructive',
      });
    }
  };

  const field = (name: keyof ContactFormInput) => {
    const id = `${uid}-${name}`;
    const errorId = `${id}-error`;
    const message = errors[name]?.message;
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
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="flex flex-col gap-5" aria-label="Send us a Message">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={firstName.id}>First Name</Label>
          <Input id={firstName.id} autoComplete="given-name" {...firstName.aria} {...register('firstName')} />
          <FieldError id={firstName.errorId} message={firstName.message} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={lastName.id}>Last Name</Label>
          <Input id={lastName.id} autoComplete="family-name" {...lastName.aria} {...register('lastName')} />
          <FieldError id={lastName.errorId} message={lastName.message} />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={email.id}>Email</Label>
        <Input id={email.id} type="email" inputMode="email" autoComplete="email" {...email.aria} {...register('email')} />
        <FieldError id={email.errorId} message={email.message} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={gradeLevel.id}>Grade Level</Label>
        <NativeSelect id={gradeLevel.id} {...gradeLevel.aria} {...register('gradeLevel')}>
          <option value="">Select your grade level</option>
          {CONTACT_GRADE_LEVELS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={gradeLevel.errorId} message={gradeLevel.message} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={message.id}>Message</Label>
        <Textarea id={message.id} rows={5} {...message.aria} {...register('message')} />
        <FieldError id={message.errorId} message={message.message} />
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto sm:self-start">
        <Send aria-hidden="true" className="h-4 w-4" />
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
