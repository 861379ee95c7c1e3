import { type ButtonHTMLAttributes, type Ref } from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from './cn.util';
import { focusRing } from './focus-ring.style';

export const buttonVariants = cva(
  `inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60 ${focusRing}`,
  {
    variants: {
      variant: {
        default: 'bg-indigo-700 text-white hover:bg-indigo-800',
        accent: 'bg-amber-400 text-slate-950 hover:bg-amber-300',
        destructive: 'bg-red-700 text-white hover:bg-red-800',
        outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
        secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
        ghost: 'text-slate-900 hover:bg-slate-100',
        link: 'text-indigo-700 underline-offset-4 hover:underline',
        onDark: 'border border-white/70 bg-white/10 text-white hover:bg-white/20',
      },
      size: {
        default: 'min-h-11 px-4 py-2 text-sm',
        sm: 'min-h-9 px-3 text-sm',
        lg: 'min-h-12 px-6 text-base',
        icon: 'h-11 w-11',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {
  /** Render the child element (e.g. a router link) with button styles. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, type, ref, ...props }: ButtonProps & { ref?: Ref<HTMLButtonElement> }) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      ref={ref}
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  );
}
