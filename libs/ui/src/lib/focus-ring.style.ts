/** One visible focus style for every interactive element (WCAG 2.4.7 / 2.4.11). */
export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-indigo-700 focus-visible:ring-offset-white';
