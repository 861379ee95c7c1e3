import type { ReactNode } from 'react';

/** Spec section 9: one toast at a time, auto-close after 5000 ms, swipe right past 50 px. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
/** How long a dismissed toast stays in the store so its exit animation can finish. */
export const TOAST_REMOVE_DELAY_MS = 400;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

export interface ToastEntry extends ToastInput {
  id: string;
  open: boolean;
}

export interface ToastState {
  toasts: ToastEntry[];
}

type Listener = (state: ToastState) => void;

interface ToastStore {
  state: ToastState;
  listeners: Set<Listener>;
  counter: number;
  removeTimers: Map<string, ReturnType<typeof setTimeout>>;
}

/**
 * The store is a module singleton. @kbe/ui is shared as a federation singleton, so the shell
 * and every remote normally load this module once; anchoring it on globalThis also keeps one
 * store if a remote ever ends up with its own copy of the library.
 */
const STORE_KEY = Symbol.for('kbe.ui.toast-store');
const globalScope = globalThis as typeof globalThis & { [STORE_KEY]?: ToastStore };
const store: ToastStore = (globalScope[STORE_KEY] ??= {
  state: { toasts: [] },
  listeners: new Set<Listener>(),
  counter: 0,
  removeTimers: new Map(),
});

function setState(next: ToastState): void {
  store.state = next;
  store.listeners.forEach((listener) => listener(next));
}

function scheduleRemoval(id: string): void {
  if (store.removeTimers.has(id)) return;
  const timer = setTimeout(() => {
    store.removeTimers.delete(id);
    setState({ toasts: store.state.toasts.filter((t) => t.id !== id) });
  }, TOAST_REMOVE_DELAY_MS);
  store.removeTimers.set(id, timer);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  store.state.toasts.forEach((t) => {
    if (id === undefined || t.id === id) scheduleRemoval(t.id);
  });
  setState({
    toasts: store.state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
  });
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (input: ToastInput) => void;
}

/** Shows a toast; a new toast replaces the visible one (at most TOAST_LIMIT are shown). */
export function toast(input: ToastInput): ToastHandle {
  store.counter = (store.counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${store.counter}`;
  const entry: ToastEntry = { variant: 'default', ...input, id, open: true };
  const kept = [entry, ...store.state.toasts].slice(0, TOAST_LIMIT);
  store.state.toasts.filter((t) => !kept.includes(t)).forEach((t) => {
    const timer = store.removeTimers.get(t.id);
    if (timer) clearTimeout(timer);
    store.removeTimers.delete(t.id);
  });
  setState({ toasts: kept });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) =>
      setState({ toasts: store.state.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)) }),
  };
}

export function getToastState(): ToastState {
  return store.state;
}

export function subscribeToToasts(listener: Listener): () => void {
  store.listeners.add(listener);
  return () => {
    store.listeners.delete(listener);
  };
}
