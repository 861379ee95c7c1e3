import { type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn.util';
import { fieldBase } from './input';

export function Textarea({ className, ref, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} className={cn(fieldBase, 'min-h-28 py-2', className)} {...props} />;
}
