import { type ComponentProps, type ComponentPropsWithoutRef, type ElementRef, type Ref } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva, type VariantProps } from 'class-variance-authority';
import X from 'lucide-react/icons/x';
import { cn } from './cn.util';
import { focusRing } from './focus-ring.style';

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ref, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      ref={ref}
      className={cn('fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]', className)}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-12 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
  {
    variants: {
      variant: {
        default: 'border-slate-200 bg-white text-slate-900',
        destructive: 'border-red-800 bg-red-700 text-white',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastProps = ComponentPropsWithoutRef<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>;

export function Toast({ className, variant, ref, ...props }: ToastProps & { ref?: Ref<ElementRef<typeof ToastPrimitive.Root>> }) {
  return (
    <ToastPrimitive.Root ref={ref} data-variant={variant ?? 'default'} className={cn(toastVariants({ variant }), className)} {...props} />
  );
}

export function ToastTitle({ className, ref, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title ref={ref} className={cn('text-sm font-bold', className)} {...props} />;
}

export function ToastDescription({ className, ref, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description ref={ref} className={cn('text-sm opacity-95', className)} {...props} />;
}

export function ToastClose({ className, ref, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      ref={ref}
      aria-label="Close notification"
      className={cn(
        'absolute right-1 top-1 inline-flex h-10 w-10 items-center justify-center rounded-md opacity-80 hover:opacity-100',
        focusRing,
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="h-4 w-4" />
    </ToastPrimitive.Close>
  );
}
