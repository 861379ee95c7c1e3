import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** The WCAG 2.0/2.1/2.2 A and AA rules; best-practice rules are not part of the bar. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** Runs axe-core (the installed package, injected into the page) over the whole document. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated through the DevTools protocol, not added as a <script>: the page's CSP refuses
  // inline scripts, and the test must not weaken it.
  if (!hasAxe) await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  }, [...WCAG_TAGS]);
}

/** One readable block per violation: rule, impact, help, then each offending element. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    - ${JSON.stringify(n.target)}\n      ${n.html.slice(0, 200)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join('\n\n');
}

/**
 * The page's `<main>` landmarks: exactly one per page (the public chrome's around a public remote,
 * an admin screen's own). axe's landmark rules are best-practice, outside the WCAG tags run here.
 */
async function mainLandmarkCount(page: Page): Promise<number> {
  return page.locator('main, [role="main"]').count();
}

/** Fails with the readable list when axe finds any WCAG A/AA violation, or the page has other than one main landmark. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) {
    throw new Error(`axe found ${violations.length} WCAG violation(s) on ${where}:\n\n${formatViolations(violations)}`);
  }
  const mains = await mainLandmarkCount(page);
  if (mains !== 1) throw new Error(`${where} has ${mains} main landmarks; a page has exactly one`);
}
