import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { LOCALES } from '../lib/locales';

/** The keys of one language's catalogue file (`<dir>/<locale>.messages.json`). */
export function catalogueKeys(dir: string, locale: string): string[] {
  return Object.keys(JSON.parse(readFileSync(join(dir, `${locale}.messages.json`), 'utf8')));
}

function sourceFiles(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const file = join(root, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.(spec|test)\.tsx?$/.test(name) ? [file] : [];
  });
}

export interface CatalogueKeyProblems {
  /** per language: keys English has and it lacks */
  missing: Record<string, string[]>;
  /** per language: keys it has and English lacks */
  extra: Record<string, string[]>;
  /** English keys no source file under the roots names in quotes */
  unused: string[];
}

/**
 * What is wrong with a catalogue's keys: every language must have exactly English's keys, and
 * every key must be used by the code (named in quotes somewhere under `sourceRoots`, or listed in
 * `usedIndirectly`: keys built from data, e.g. one per choice value).
 */
export function catalogueKeyProblems(dir: string, sourceRoots: string[], usedIndirectly: readonly string[] = []): CatalogueKeyProblems {
  const english = catalogueKeys(dir, 'en');
  const missing: Record<string, string[]> = {};
  const extra: Record<string, string[]> = {};
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    const keys = new Set(catalogueKeys(dir, locale));
    missing[locale] = english.filter((key) => !keys.has(key));
    extra[locale] = [...keys].filter((key) => !english.includes(key));
  }
  const sources = sourceRoots.flatMap(sourceFiles).map((file) => readFileSync(file, 'utf8')).join('\n');
  const unused = english.filter((key) => !usedIndirectly.includes(key) && !sources.includes(`'${key}'`));
  return { missing, extra, unused };
}
