import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn.util';
import { fieldBase } from './input';

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ className, ...props }, ref) => (
    <textarea ref={ref} className={cn(fieldBase, 'min-h-28 py-2', className)} {...props} />
  ),
);
Textarea.displayName = 'Textarea';
