import type { Page } from 'playwright-core';

/** The remotes whose pages arrive prerendered: their section is in the HTML before any script runs. */
const PRERENDERED_REMOTES = new Set(['public', 'registration', 'downloads', 'schools']);

/**
 * Waits until a remote's section answers clicks. The public, registration, downloads and school-portal pages
 * arrive prerendered, so their marker is in the HTML before any script runs: the remote sets
 * `data-interactive` once its section has hydrated. The admin remote renders in the browser, so
 * its marker means the same.
 */
export async function waitForInteractive(page: Page, remote: string, timeout = 30_000): Promise<void> {
  const selector = PRERENDERED_REMOTES.has(remote) ? `[data-testid="remote-${remote}"][data-interactive="true"]` : `[data-testid="remote-${remote}"]`;
  await page.locator(selector).first().waitFor({ state: 'visible', timeout });
}
