import { useEffect, useState } from 'react';

/** Spec section 9: lists refetch 300 ms after the search or a filter changes. */
export const LIST_DEBOUNCE_MS = 300;

/** The value, once it has stayed the same for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number = LIST_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
