import { z } from 'zod';

/**
 * `z` for every schema of the product. In a browser, zod is told not to compile validators
 * with `new Function`: the pages' Content-Security-Policy forbids eval, and zod's probe for it,
 * although caught, is reported as a CSP violation (docs/security.md). Servers keep the compiled
 * validators. Schemas import `z` from here (not from 'zod') so the setting is in place before
 * any of them parses.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
