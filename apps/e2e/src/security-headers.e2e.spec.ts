import { baseUrl } from './support/browser';
import { expectedApiCsp, expectedPageCsp, parseCsp, securityPolicy } from './support/security-policy';

// Every kind of answer of the product through the one URL carries the policy's headers
// (tools/security/security-headers.json): pages, remote entries, the manifest, API answers
// (errors included) and the PDF download path.

const PUBLIC_ROUTES = [
  '/',
  '/einstein-quest',
  '/einstein-quest/about',
  '/einstein-quest/exams',
  '/einstein-quest/online-registrations',
  '/einstein-quest/gallery',
  '/einstein-quest/contact',
  '/einstein-quest/downloads',
  '/einstein-quest/no-such-page',
];
const ADMIN_ROUTES = ['/admin/login', '/admin/test', '/admin/dashboard', '/admin/no-such-page'];
/** Paths that are no page: answered 404 with the page the browser shows there (tools/edge/page-status.mjs). */
const NOT_PAGES = new Set(['/einstein-quest/no-such-page', '/admin/no-such-page']);
const FRONT_END_FILES = [
  '/remotes/public/remoteEntry.js',
  '/remotes/registration/remoteEntry.js',
  '/remotes/downloads/remoteEntry.js',
  '/remotes/admin/remoteEntry.js',
  '/module-federation.manifest.json',
  '/runtime-config.js',
];

function expectEveryResponseHeaders(res: Response, what: string): void {
  for (const [name, value] of Object.entries(securityPolicy.everyResponse)) {
    expect({ what, name, value: res.headers.get(name) }).toEqual({ what, name, value });
  }
}

function expectPageHeaders(res: Response, what: string): void {
  expectEveryResponseHeaders(res, what);
  expect({ what, csp: parseCsp(res.headers.get('content-security-policy')) }).toEqual({ what, csp: expectedPageCsp() });
}

function expectApiHeaders(res: Response, what: string): void {
  expectEveryResponseHeaders(res, what);
  expect({ what, csp: parseCsp(res.headers.get('content-security-policy')) }).toEqual({ what, csp: expectedApiCsp() });
  expect({ what, cacheControl: res.headers.get('cache-control') }).toEqual({ what, cacheControl: 'no-store' });
}

describe('security headers through the one URL', () => {
  it.each([...PUBLIC_ROUTES, ...ADMIN_ROUTES])('page %s', async (path) => {
    const res = await fetch(`${baseUrl}${path}`);
    expect({ path, status: res.status }).toEqual({ path, status: NOT_PAGES.has(path) ? 404 : 200 });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expectPageHeaders(res, path);
  });

  it('the shell page has no inline script, so script-src needs no hash or unsafe-inline', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attributes, body]) => !/\bsrc=/.test(attributes) && body.trim());
    expect(inline).toEqual([]);
    const csp = parseCsp((await fetch(`${baseUrl}/`)).headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it.each(FRONT_END_FILES)('front-end file %s', async (path) => {
    const res = await fetch(`${baseUrl}${path}`);
    expect(res.status).toBe(200);
    expectPageHeaders(res, path);
  });

  it('a missing asset answers 404 with the headers too', async () => {
    const res = await fetch(`${baseUrl}/remotes/public/no-such-chunk.js`);
    expect(res.status).toBe(404);
    expectPageHeaders(res, 'missing asset');
  });

  it.each([
    ['GET', '/api/health', 200],
    ['GET', '/api/statistics', 200],
    ['GET', '/api/candidates', 401],
    ['GET', '/api/admin/me', 401],
    ['GET', '/api/mentors', 401],
    ['GET', '/api/candidates/search/KBE0000000', 404],
    ['GET', '/api/no-such-route', 404],
  ] as const)('API %s %s (%i)', async (method, path, status) => {
    const res = await fetch(`${baseUrl}${path}`, { method });
    expect({ path, status: res.status }).toEqual({ path, status });
    expectApiHeaders(res, `${method} ${path}`);
  });

  it('the PDF download path answers with the API headers and no-store, whatever it answers', async () => {
    for (const kind of ['hall-ticket', 'certificate']) {
      const res = await fetch(`${baseUrl}/api/candidates/KBE0000000/download/${kind}`);
      expect(res.status).toBeGreaterThanOrEqual(200);
      expectApiHeaders(res, `download ${kind} (${res.status})`);
    }
  });

  it('the CSP report endpoint takes a report and answers with the API headers', async () => {
    const report = {
      'csp-report': {
        'document-uri': `${baseUrl}/einstein-quest/about`,
        'blocked-uri': 'inline',
        'effective-directive': 'script-src-elem',
        disposition: 'report',
      },
    };
    const res = await fetch(`${baseUrl}${securityPolicy.reporting.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify(report),
    });
    expect(res.status).toBe(204);
    expectApiHeaders(res, 'csp report');
  });
});
