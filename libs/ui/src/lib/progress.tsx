import { type ComponentPropsWithoutRef, type ElementRef, type Ref } from 'react';
import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from './cn.util';

export interface ProgressProps extends ComponentPropsWithoutRef<typeof ProgressPrimitive.Root> {
  indicatorClassName?: string;
}

/** Determinate progress bar; `value` is 0-100. */
export function Progress({
  className,
  indicatorClassName,
  value,
  ref,
  ...props
}: ProgressProps & { ref?: Ref<ElementRef<typeof ProgressPrimitive.Root>> }) {
  return (
    <ProgressPrimitive.Root
      ref={ref}
      value={value}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn('h-full bg-indigo-700 transition-[width] duration-500', indicatorClassName)}
        style={{ width: `${value ?? 0}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
