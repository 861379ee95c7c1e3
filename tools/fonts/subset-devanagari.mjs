#!/usr/bin/env node
// Noto Sans Devanagari for the Marathi and Hindi pages, cut down to the characters those pages
// use: every Devanagari character of the Marathi and Hindi message catalogues and content files
// (plus digits), from @fontsource/noto-sans-devanagari's Devanagari files, by HarfBuzz
// (subset-font), which keeps the conjuncts and vowel signs those characters form. Regular and
// bold, about 40% smaller than the package's files. Output goes to a git-ignored folder the shell
// serves as assets (apps/shell/src/assets/fonts); a manifest of the characters lets a second
// run finish at once when no text changed.
//
//   node tools/fonts/subset-devanagari.mjs [--out <dir>]
//
// Names typed by visitors may hold characters outside the subset: the browser draws those with
// the next font of the stack (the system's), so nothing is lost. PDFs embed the whole font.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const outArg = args.indexOf('--out');
const outDir = resolve(root, outArg >= 0 ? args[outArg + 1] : 'apps/shell/src/assets/fonts');

/** The files whose words the Marathi and Hindi pages show. */
export function textSources() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*mr.messages.json', '*hi.messages.json', 'libs/content/src/lib/mr/*', 'libs/content/src/lib/hi/*', 'libs/shell-chrome/src/lib/language-*.tsx', 'libs/i18n/src/lib/locales.ts'], { cwd: root });
  return listed.toString().split('\n').filter(Boolean);
}

/** Every Devanagari character (and joiner) of those files, sorted, plus the digits. */
export function usedCharacters(files = textSources()) {
  const text = files.map((file) => readFileSync(join(root, file), 'utf8')).join('');
  const devanagari = new Set([...text].filter((c) => /^(?:[\u0900-\u097F]|\u200C|\u200D)$/.test(c)));
  return `${[...devanagari].sort().join('')}0123456789`;
}

const WEIGHTS = [400, 700];
export const fontFile = (weight) => `noto-sans-devanagari-${weight}.subset.woff2`;

async function main() {
  const characters = usedCharacters();
  const manifestFile = join(outDir, 'manifest.json');
  const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  if (manifest.characters === characters && WEIGHTS.every((w) => existsSync(join(outDir, fontFile(w))))) {
    process.stdout.write(`fonts: up to date (${[...characters].length} characters)\n`);
    return;
  }
  mkdirSync(outDir, { recursive: true });
  const packageDir = dirname(require.resolve('@fontsource/noto-sans-devanagari/package.json'));
  for (const weight of WEIGHTS) {
    const source = readFileSync(join(packageDir, `files/noto-sans-devanagari-devanagari-${weight}-normal.woff2`));
    const subset = await subsetFont(source, characters, { targetFormat: 'woff2' });
    writeFileSync(join(outDir, fontFile(weight)), subset);
    process.stdout.write(`fonts: ${fontFile(weight)} ${(source.length / 1024).toFixed(1)} -> ${(subset.length / 1024).toFixed(1)} KB\n`);
  }
  writeFileSync(manifestFile, `${JSON.stringify({ characters }, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
