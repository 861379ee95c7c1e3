import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names and lets later Tailwind utilities win over earlier ones (a component's
 * `className` overriding its own classes). A single class list is returned as written: there is
 * nothing to override, and tailwind-merge's first call (it builds its whole class map) stays off
 * the first render of a page whose components are given no `className`.
 */
export function cn(...inputs: ClassValue[]): string {
  const given = inputs.filter(Boolean);
  if (given.length === 1 && typeof given[0] === 'string') return given[0];
  return twMerge(clsx(inputs));
}

/**
 * Joins class lists that never override one another (a base, a colour chosen by state, the focus
 * ring), without tailwind-merge: a plain join, cheap on the first render. Where a later class must
 * win over an earlier one, use `cn`.
 */
export function cx(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
