import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Noto Sans Devanagari (npm `@fontsource/noto-sans-devanagari`), its Devanagari subset in regular and bold. */
const PACKAGE_FILES = join('node_modules', '@fontsource', 'noto-sans-devanagari', 'files');
const FONT_FILES = {
  400: 'noto-sans-devanagari-devanagari-400-normal.woff2',
  700: 'noto-sans-devanagari-devanagari-700-normal.woff2',
} as const;

/**
 * A font file: next to the built service (`fonts/`, copied by webpack.config.js: the production
 * image installs only what the bundle imports) or in the workspace's node_modules (tests, a run
 * from source), the first found going up from here.
 */
function fontFile(name: string): Buffer {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    for (const path of [join(dir, 'fonts', name), join(dir, PACKAGE_FILES, name)]) {
      if (existsSync(path)) return readFileSync(path);
    }
    if (dirname(dir) === dir) throw new Error(`Font file ${name} not found (is @fontsource/noto-sans-devanagari installed?)`);
  }
}

/**
 * The @font-face rules of Noto Sans Devanagari with the fonts inlined (base64 data URLs), read
 * once when the service starts: Chromium renders Marathi and Hindi with the same glyphs on every
 * machine, never fetching a font from the network.
 */
export const DEVANAGARI_FONT_FACES = Object.entries(FONT_FILES)
  .map(
    ([weight, name]) =>
      `@font-face { font-family: 'Noto Sans Devanagari'; font-style: normal; font-weight: ${weight}; font-display: block; ` +
      `src: url(data:font/woff2;base64,${fontFile(name).toString('base64')}) format('woff2'); }`,
  )
  .join('\n');
