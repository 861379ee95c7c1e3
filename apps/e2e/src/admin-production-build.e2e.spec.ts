import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { baseUrl } from './support/browser';

/**
 * Every deployment, `npm start` included, serves production builds, so the development
 * test-login button is shown by what the deployment's runtime config says, not by the build.
 * `npm test` builds every app for production before the journeys; this reads what it served:
 * the button's code (with the development account's public password, which admin-service refuses
 * in production) sits in one chunk of its own, fetched only where the runtime config says
 * 'development', and no demo data is anywhere.
 */
const adminDist = join(__dirname, '../../../dist/apps/admin');

/** Strings of the test-login button (apps/admin/src/app/dev-test-login.tsx, DEVELOPMENT_ADMIN_ACCOUNT). */
const TEST_LOGIN_MARKERS = ['kbe-dev-test-login', 'kbe-dev-admin', 'Test Login'];

describe('the production build of the admin remote', () => {
  it('contains the admin pages, the test-login button only in its own lazy chunk, and no demo data', async () => {
    expect(existsSync(adminDist)).toBe(true);
    const scripts = readdirSync(adminDist).filter((file) => file.endsWith('.js'));
    const code = new Map(scripts.map((file) => [file, readFileSync(join(adminDist, file), 'utf8')]));
    const all = [...code.values()].join('\n');
    // The right build: the login page and the guard are in it ...
    expect(all).toContain('Checking authentication...');
    expect(all).toContain('This is a protected area');
    // ... and it is the one the edge serves.
    const served = await fetch(`${baseUrl}/remotes/admin/remoteEntry.js`);
    expect(served.status).toBe(200);
    expect(code.get('remoteEntry.js')).toBe(await served.text());
    expect(all.includes('Demo mode')).toBe(false);

    const withTestLogin = scripts.filter((file) => TEST_LOGIN_MARKERS.some((marker) => code.get(file)?.includes(marker)));
    expect(withTestLogin).toHaveLength(1);
    const [chunk] = withTestLogin;
    expect(chunk).not.toBe('remoteEntry.js');
    for (const marker of TEST_LOGIN_MARKERS) expect({ marker, found: code.get(chunk)?.includes(marker) }).toEqual({ marker, found: true });
    expect(code.get(chunk)).not.toContain('This is a protected area');
  });

  it("is not offered the test-login button by this deployment's runtime config", async () => {
    const script = await (await fetch(`${baseUrl}/runtime-config.js`)).text();
    const config = JSON.parse(/^window\.__KBE_CONFIG__ = (.*);\n?$/.exec(script)?.[1] ?? 'null') as { deployment?: unknown } | null;
    expect(config).not.toBeNull();
    expect(config?.deployment).toBeUndefined();
  });
});
