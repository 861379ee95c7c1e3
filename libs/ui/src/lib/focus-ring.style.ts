const FOCUS_RING = 'outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-indigo-700';

/** One visible focus style for every interactive element (WCAG 2.4.7 / 2.4.11). */
export const focusRing = `${FOCUS_RING} focus-visible:ring-offset-white`;

/** The focus ring on a slate-950 background (the hero slider's controls). */
export const focusRingOnSlate950 = `${FOCUS_RING} focus-visible:ring-offset-slate-950`;

/** The focus ring on an indigo-950 background (the footer, the quote carousel). */
export const focusRingOnIndigo950 = `${FOCUS_RING} focus-visible:ring-offset-indigo-950`;
