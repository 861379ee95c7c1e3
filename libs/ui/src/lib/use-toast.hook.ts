import { useSyncExternalStore } from 'react';
import { dismissToast, getToastState, subscribeToToasts, toast, type ToastState } from './toast.store';

export interface UseToastResult extends ToastState {
  toast: typeof toast;
  dismiss: typeof dismissToast;
}

/** Reads the shared toast store; the same store is used by the shell and every remote. */
export function useToast(): UseToastResult {
  const state = useSyncExternalStore(subscribeToToasts, getToastState, getToastState);
  return { ...state, toast, dismiss: dismissToast };
}
