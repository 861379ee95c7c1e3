/** What `afterFirstScreen` needs of the browser window (a parameter, so a test can drive it). */
export type FirstScreenWindow = Pick<Window, 'addEventListener' | 'requestAnimationFrame' | 'setTimeout'> & {
  document: Pick<Document, 'readyState'>;
};

/** How long the shell waits for the first screen at most before starting React anyway. */
export const FIRST_SCREEN_LIMIT_MS = 3000;

/**
 * Resolves once the page has loaded (its stylesheet, the first screen's images, the preloaded
 * scripts) and the frame after it has been painted, or after `limitMs`, whichever comes first.
 * A prerendered page already shows its first screen without script, so the shell starts React
 * after this: hydration then never delays the page's largest paint (the hero image, the gallery's
 * first row), and nothing evaluated before that paint waits on the scripts' download (the chain
 * Lighthouse's simulated LCP counts). A page rendered in the browser waits one frame more.
 */
export function afterFirstScreen(win: FirstScreenWindow = window, limitMs = FIRST_SCREEN_LIMIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const painted = () => win.requestAnimationFrame(() => win.setTimeout(resolve, 0));
    win.setTimeout(resolve, limitMs);
    if (win.document.readyState === 'complete') painted();
    else win.addEventListener('load', painted, { once: true });
  });
}
