import { type InputHTMLAttributes, type Ref } from 'react';
import { cn } from './cn.util';
import { focusRing } from './focus-ring.style';

export const fieldBase = `w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-red-700 ${focusRing}`;

export function Input({
  className,
  type = 'text',
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} type={type} className={cn(fieldBase, 'min-h-11 py-2', className)} {...props} />;
}
