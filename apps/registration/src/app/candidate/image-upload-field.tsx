import { useEffect, useState, type ChangeEvent } from 'react';
import { toast } from '@kbe/ui';
import {
  IMAGE_ACCEPT_ATTRIBUTE,
  MAX_IMAGE_FILE_BYTES,
  VALIDATION_MESSAGES,
  isAllowedImageType,
} from '@kbe/contracts/zod-free';
import { FieldShell, describedBy, fieldIds } from '../common/form-fields';

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
  const { id, hintId, errorId } = fieldIds(formId, name);
  const hint = 'JPEG, PNG, WebP or GIF, at most 5MB.';
  const preview = usePreview(file);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) {
      onChange(null);
      return;
    }
    if (chosen.size > MAX_IMAGE_FILE_BYTES) {
      toast({
        title: VALIDATION_MESSAGES.fileTooLargeTitle,
        description: VALIDATION_MESSAGES.fileTooLargeText,
        variant: 'destructive',
      });
      event.target.value = '';
      onChange(null);
      return;
    }
    if (!isAllowedImageType(chosen.type)) {
      toast({
        title: 'Images only',
        description: `${label} must be a JPEG, PNG, WebP or GIF image`,
        variant: 'destructive',
      });
      event.target.value = '';
      onChange(null);
      return;
    }
    onChange(chosen);
  };

  return (
    <FieldShell id={id} label={label} required hint={hint} hintId={hintId} error={error} errorId={errorId}>
      <input
        id={id}
        name={name}
        type="file"
        accept={IMAGE_ACCEPT_ATTRIBUTE}
        onChange={handleChange}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, hintId, error, errorId)}
        className="block w-full min-w-0 text-sm text-slate-900 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:font-semibold file:text-indigo-800"
      />
      {preview ? (
        <img
          src={preview}
          alt={`${label} preview`}
          className="mt-2 h-32 w-auto max-w-full rounded border border-slate-200 object-contain"
        />
      ) : null}
    </FieldShell>
  );
}
