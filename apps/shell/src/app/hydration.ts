/**
 * Digest of a remote section that the edge did not prerender (its remote ships no server module,
 * or is switched off): the HTML holds that section's loading state and the browser renders it
 * (React's client rendering of a Suspense boundary). Expected, so not reported as an error.
 */
export const NOT_PRERENDERED_DIGEST = 'kbe-remote-not-prerendered';

export function isNotPrerenderedSection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { digest?: unknown }).digest === NOT_PRERENDERED_DIGEST;
}
