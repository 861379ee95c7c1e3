import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

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

function argumentNames(elements: MessageFormatElement[], names: Set<string>): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) argumentNames(option.value, names);
    }
    if (element.type === TYPE.tag) argumentNames(element.children, names);
  }
  return names;
}

/** The names of an ICU message's arguments, nested ones included, sorted (throws when it does not parse). */
export function messageArguments(text: string): string[] {
  return [...argumentNames(parse(text, { requiresOtherClause: true }), new Set())].sort();
}

/**
 * Messages of a catalogue (`<dir>/<locale>.messages.json`) that are not valid ICU, or whose
 * arguments differ from the English message's: `<locale> <key>: ...`, none when all is well.
 */
export function catalogueArgumentProblems(dir: string): string[] {
  const english = JSON.parse(readFileSync(join(dir, 'en.messages.json'), 'utf8')) as Record<string, string>;
  const problems: string[] = [];
  for (const locale of LOCALES) {
    const messages = JSON.parse(readFileSync(join(dir, `${locale}.messages.json`), 'utf8')) as Record<string, string>;
    for (const [key, text] of Object.entries(messages)) {
      if (english[key] === undefined) continue;
      try {
        const found = messageArguments(text).join(',');
        const wanted = messageArguments(english[key]).join(',');
        if (found !== wanted) problems.push(`${locale} ${key}: arguments ${found || 'none'}, English has ${wanted || 'none'}`);
      } catch (error) {
        problems.push(`${locale} ${key}: not valid ICU (${(error as Error).message})`);
      }
    }
  }
  return problems;
}
