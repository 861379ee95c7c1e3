import { useEffect, useState, type ChangeEvent } from 'react';
import { toast } from '@kbe/ui';
import {
  IMAGE_ACCEPT_ATTRIBUTE,
  MAX_IMAGE_FILE_BYTES,
  FIELD_LABELS,
  VALIDATION_MESSAGES,
  imageFileProblem,
  isAllowedImageType,
} from '@kbe/contracts/zod-free';
import { FieldShell, describedBy, fieldIds } from '../common/form-fields';
import { useRegistrationMessages } from '../../i18n/registration.catalogue';

/** The contracts' names of the two files, in the messages of their rules. */
const FILE_LABELS = { photo: FIELD_LABELS.photo, signature: FIELD_LABELS.signature } as const;

interface ImageUploadFieldProps {
  formId: string;
  name: 'photo' | 'signature';
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
}

/** Reads a file as a data URL for the preview (works without object URLs). */
function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return undefined;
    }
    let active = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (active && typeof reader.result === 'string') setPreview(reader.result);
    };
    reader.readAsDataURL(file);
    return () => {
      active = false;
      reader.abort();
    };
  }, [file]);
  return preview;
}

/** An image-only file input with a preview; too large or non-image files are refused at once. */
export function ImageUploadField({ formId, name, label, file, onChange, error }: ImageUploadFieldProps) {
  const { t, text } = useRegistrationMessages();
  const { id, hintId, errorId } = fieldIds(formId, name);
  const hint = t('image.hint');
  const shownError = error ? text(error) : undefined;
  const preview = usePreview(file);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) {
      onChange(null);
      return;
    }
    if (chosen.size > MAX_IMAGE_FILE_BYTES) {
      toast({
        title: text(VALIDATION_MESSAGES.fileTooLargeTitle),
        description: text(VALIDATION_MESSAGES.fileTooLargeText),
        variant: 'destructive',
      });
      event.target.value = '';
      onChange(null);
      return;
    }
    if (!isAllowedImageType(chosen.type)) {
      toast({
        title: t('image.imagesOnly'),
        // The contracts' rule and message; the field's own label stands in the page's language.
        description: text(imageFileProblem(FILE_LABELS[name], { type: chosen.type, size: chosen.size }) ?? '', { field: label }),
        variant: 'destructive',
      });
      event.target.value = '';
      onChange(null);
      return;
    }
    onChange(chosen);
  };

  return (
    <FieldShell id={id} label={label} required hint={hint} hintId={hintId} error={shownError} errorId={errorId}>
      <input
        id={id}
        name={name}
        type="file"
        accept={IMAGE_ACCEPT_ATTRIBUTE}
        onChange={handleChange}
        aria-required
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy(hint, hintId, shownError, errorId)}
        className="block w-full min-w-0 text-sm text-slate-900 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:font-semibold file:text-indigo-800"
      />
      {preview ? (
        <img
          src={preview}
          alt={t('image.preview', { label })}
          className="mt-2 h-32 w-auto max-w-full rounded border border-slate-200 object-contain"
        />
      ) : null}
    </FieldShell>
  );
}
