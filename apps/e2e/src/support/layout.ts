import type { Page } from 'playwright-core';

/** Widths every public page is checked at: a small phone and a laptop. */
export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** How far the page scrolls sideways (0 when it fits the viewport). */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; widest: string[] }> {
  return page.evaluate(() => {
    const scrollWidth = document.scrollingElement?.scrollWidth ?? document.documentElement.scrollWidth;
    const innerWidth = window.innerWidth;
    // Name the elements that stick out, so a failure says where to look.
    const widest = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).slice(0, 80)}`);
    return { scrollWidth, innerWidth, widest };
  });
}

/** Waits until document.title has the expected value (pages set it after they render). */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 15_000 }).catch(async () => {
    throw new Error(`document.title is '${await page.title()}', expected '${title}'`);
  });
}
