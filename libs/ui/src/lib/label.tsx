import { type ComponentProps } from 'react';
import * as LabelPrimitive from '@radix-ui/react-label';
import { cn } from './cn.util';

export function Label({ className, ref, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root ref={ref} className={cn('text-sm font-semibold text-slate-900', className)} {...props} />;
}

/**
 * A validation or server message, announced when it appears: inline under a field (linked to it
 * with aria-describedby through `id`) or for the whole form.
 */
export function FieldError({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
