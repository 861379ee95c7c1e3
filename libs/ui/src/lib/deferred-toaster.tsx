import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { getToastState, subscribeToToasts } from './toast.store';

// The toast machinery (Radix Toast, its collection, presence and dismissable layer: ~12 KB
// gzipped) is loaded with the first toast, not on every first page load.
const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * The Toaster of the shared store, mounted when the first toast is raised and kept from then on.
 * Renders nothing before that, so a prerendered page hydrates without it.
 */
export function DeferredToaster() {
  const { toasts } = useSyncExternalStore(subscribeToToasts, getToastState, getToastState);
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
