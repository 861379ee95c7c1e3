import { Metrics } from '@kbe/server-metrics';
import { SERVICE_NAME } from '../documents.config';
import { ChromiumPagePool } from './chromium-page.pool';

describe('the Chromium pool with background renders (a class bundle) beside downloads', () => {
  let pool: ChromiumPagePool;

  beforeAll(async () => {
    pool = new ChromiumPagePool(
      { executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', size: 1, queueLimit: 1, timeoutMs: 15_000 },
      new Metrics({ service: SERVICE_NAME }),
    );
    await pool.warmUp();
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
  });

  it('gives the page to a waiting download before any waiting background render, which never fills the downloads’ line', async () => {
    const html = (text: string) => `<!doctype html><html><body><p>${text}</p></body></html>`;
    const finished: string[] = [];
    const render = (name: string, priority: 'normal' | 'background') => pool.render(html(name), { priority }).then(() => void finished.push(name));
    const first = render('first download', 'normal');
    // Two background renders wait for the one page, then a download comes: with a line of one,
    // it is still taken (background renders are not counted), and it is served first.
    const background = [render('bundle 1', 'background'), render('bundle 2', 'background')];
    await new Promise((resolve) => setImmediate(resolve));
    const download = render('second download', 'normal');
    await Promise.all([first, download, ...background]);
    expect(finished).toEqual(['first download', 'second download', 'bundle 1', 'bundle 2']);
  }, 60_000);
});
