import { type HTMLAttributes, type Ref } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from './cn.util';

const alertVariants = cva('relative w-full rounded-lg border p-4 text-sm', {
  variants: {
    variant: {
      default: 'border-slate-300 bg-white text-slate-900',
      success: 'border-green-700 bg-green-50 text-green-900',
      destructive: 'border-red-700 bg-red-50 text-red-900',
      info: 'border-indigo-300 bg-indigo-50 text-indigo-950',
    },
  },
  defaultVariants: { variant: 'default' },
});

export interface AlertProps extends HTMLAttributes<HTMLDivElement>, VariantProps<typeof alertVariants> {}

export function Alert({ className, variant, role, ref, ...props }: AlertProps & { ref?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      role={role ?? (variant === 'destructive' ? 'alert' : 'status')}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ref, ...props }: HTMLAttributes<HTMLHeadingElement> & { ref?: Ref<HTMLHeadingElement> }) {
  return <h5 ref={ref} className={cn('mb-1 font-bold leading-tight', className)} {...props} />;
}

export function AlertDescription({ className, ref, ...props }: HTMLAttributes<HTMLDivElement> & { ref?: Ref<HTMLDivElement> }) {
  return <div ref={ref} className={cn('text-sm', className)} {...props} />;
}
