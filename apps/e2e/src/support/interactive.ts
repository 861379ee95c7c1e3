import type { Page } from 'playwright-core';

/**
 * Waits until a remote's section answers clicks. The public pages arrive prerendered, so their
 * marker is in the HTML before any script runs: the public remote sets `data-interactive` once the
 * page has hydrated. The other remotes render in the browser, so their marker means the same.
 */
export async function waitForInteractive(page: Page, remote: string, timeout = 30_000): Promise<void> {
  const selector = remote === 'public' ? '[data-testid="remote-public"][data-interactive="true"]' : `[data-testid="remote-${remote}"]`;
  await page.locator(selector).first().waitFor({ state: 'visible', timeout });
}
