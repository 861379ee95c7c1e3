import { type Ref, type SelectHTMLAttributes } from 'react';
import { cn } from './cn.util';
import { fieldBase } from './input';

// A file of its own: importing it must not pull in Radix Select (popper, scroll lock, focus
// scope: ~30 KB gzipped), which a module beside it would load with it through the share scope.
/**
 * The platform's own select, styled like the other fields. Preferred inside forms on phones:
 * it opens the native picker and works with every assistive technology.
 */
export function NativeSelect({ className, ref, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select ref={ref} className={cn(fieldBase, 'min-h-11 py-2', className)} {...props} />;
}
