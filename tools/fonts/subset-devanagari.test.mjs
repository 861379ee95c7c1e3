import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { textSources, usedCharacters } from './subset-devanagari.mjs';

const root = join(import.meta.dirname, '../..');

test('the subset covers every Devanagari character of the Marathi and Hindi catalogues and content', () => {
  const files = textSources();
  for (const expected of ['libs/shell-chrome/src/i18n/mr.messages.json', 'libs/shell-chrome/src/i18n/hi.messages.json', 'apps/registration/src/i18n/mr.messages.json']) assert.ok(files.includes(expected), expected);
  assert.ok(files.some((file) => file.startsWith('libs/content/src/lib/mr/')));
  const characters = new Set(usedCharacters(files));
  const chrome = readFileSync(join(root, 'libs/shell-chrome/src/i18n/mr.messages.json'), 'utf8') + readFileSync(join(root, 'libs/shell-chrome/src/lib/language-offer.tsx'), 'utf8');
  const missing = [...new Set([...chrome].filter((c) => /[\u0900-\u097F]/.test(c) && !characters.has(c)))];
  assert.deepEqual(missing, []);
  for (const digit of '0123456789') assert.ok(characters.has(digit));
  // English pages' words are not Devanagari: nothing else is asked of the font
  assert.ok([...characters].every((c) => /^(?:[\u0900-\u097F0-9]|\u200C|\u200D)$/.test(c)));
});
