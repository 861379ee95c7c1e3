import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The one header policy of the product (tools/security/security-headers.json), read as the tests' oracle. */
interface Policy {
  everyResponse: Record<string, string>;
  reporting: { path: string };
  pageCsp: Record<string, string[] | string>;
  apiCsp: Record<string, string[] | string>;
  apiCacheControl: { default: string };
}

export const securityPolicy: Policy = JSON.parse(readFileSync(join(__dirname, '../../../../tools/security/security-headers.json'), 'utf8'));

export type CspDirectives = Record<string, string[]>;

/** `a x y; b z` -> { a: [x, y], b: [z] } */
export function parseCsp(header: string | null): CspDirectives {
  if (!header) return {};
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** The policy's directives as the site serves them on one origin: no cross-origin remote, no inline script. */
export function expectedPageCsp(): CspDirectives {
  const directives: CspDirectives = {};
  for (const [name, sources] of Object.entries(securityPolicy.pageCsp)) {
    if (name.startsWith('$') || !Array.isArray(sources)) continue;
    const filled = sources.filter((source) => !source.startsWith('{'));
    if (filled.length) directives[name] = filled;
  }
  directives['report-uri'] = [securityPolicy.reporting.path];
  return directives;
}

export function expectedApiCsp(): CspDirectives {
  return Object.fromEntries(Object.entries(securityPolicy.apiCsp).filter(([name]) => !name.startsWith('$'))) as CspDirectives;
}
