import type { Page } from 'playwright-core';
import { PORTAL_PAGE_PATH } from '@kbe/contracts';
import { baseUrl } from './browser';
import { waitForInteractive } from './interactive';
import { portalCodeFromSmsLog, smsLogMark } from './sms-log';

/**
 * The text of an element once it matches: the portal's notices and field messages are always in
 * the page, empty until they say something. A job's report may take a while on a busy machine.
 */
export async function textWhen(page: Page, testId: string, pattern: RegExp | string, timeout = 60_000): Promise<string> {
  const element = page.getByTestId(testId).filter({ hasText: pattern });
  await element.waitFor({ timeout });
  return element.innerText();
}

/** The school portal's sign-in page, hydrated. */
export async function openPortal(page: Page): Promise<void> {
  await page.goto(`${baseUrl}${PORTAL_PAGE_PATH}`);
  await waitForInteractive(page, 'schools');
  await page.getByRole('heading', { level: 1, name: 'School portal' }).waitFor();
}

/** Sends a code to the account's mobile and answers the code its SMS carried. */
export async function askForCode(page: Page, accountCode: string): Promise<string> {
  await page.getByLabel('School code or mentor code').fill(accountCode.toLowerCase());
  const mark = smsLogMark();
  await page.getByRole('button', { name: 'Send code' }).click();
  expect(await textWhen(page, 'code-sent', /We sent/)).toMatch(/^We sent a 6-digit code to \*{6}\d{4}\.$/);
  return portalCodeFromSmsLog(accountCode, mark);
}

/** Types the code and signs in; the header then names the school or mentor. */
export async function signIn(page: Page, code: string, name: string): Promise<void> {
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('portal-name').innerText()).resolves.toBe(name);
}
