import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { baseUrl } from './support/browser';

/**
 * DECISIONS: the development test-login and any demo data exist only in development builds.
 * `npm test` builds every app for production before the journeys; this reads what it served.
 */
const adminDist = join(__dirname, '../../../dist/apps/admin');

/** Strings only the development build may contain (see apps/admin/src/app/dev-test-login.tsx). */
const FORBIDDEN = ['kbe-dev-test-login', 'kbe-dev-admin', 'Test Login', 'Demo mode'];

describe('the production build of the admin remote', () => {
  it('contains the admin pages but no test-login code and no demo data', async () => {
    expect(existsSync(adminDist)).toBe(true);
    const scripts = readdirSync(adminDist).filter((file) => file.endsWith('.js'));
    const code = scripts.map((file) => readFileSync(join(adminDist, file), 'utf8')).join('\n');
    // The right build: the login page and the guard are in it ...
    expect(code).toContain('Checking authentication...');
    expect(code).toContain('This is a protected area');
    // ... and it is the one the edge serves.
    const served = await fetch(`${baseUrl}/remotes/admin/remoteEntry.js`);
    expect(served.status).toBe(200);
    expect(readFileSync(join(adminDist, 'remoteEntry.js'), 'utf8')).toBe(await served.text());
    for (const marker of FORBIDDEN) expect({ marker, found: code.includes(marker) }).toEqual({ marker, found: false });
  });
});
