import { type ComponentProps } from 'react';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cn } from './cn.util';
import { focusRing } from './focus-ring.style';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ref, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      ref={ref}
      className={cn('inline-flex flex-wrap items-center gap-1 rounded-lg bg-slate-100 p-1 text-slate-700', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ref, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      ref={ref}
      className={cn(
        `inline-flex min-h-10 items-center justify-center rounded-md px-3 text-sm font-semibold transition-colors data-[state=active]:bg-white data-[state=active]:text-indigo-800 data-[state=active]:shadow disabled:opacity-60 ${focusRing}`,
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ref, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content ref={ref} className={cn(`mt-4 ${focusRing}`, className)} {...props} />;
}
