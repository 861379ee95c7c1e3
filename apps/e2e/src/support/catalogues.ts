import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const repoRoot = join(__dirname, '../../../..');

/** One language's messages of a catalogue, read from the repository (the texts the pages show). */
export function catalogue(dir: string, locale: 'en' | 'mr' | 'hi'): Record<string, string> {
  return JSON.parse(readFileSync(join(repoRoot, dir, `${locale}.messages.json`), 'utf8'));
}
