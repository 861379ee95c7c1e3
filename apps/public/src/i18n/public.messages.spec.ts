import { join } from 'node:path';
import { catalogueKeyProblems, messageArguments } from '@kbe/i18n/testing';
import en from './en.messages.json';
import hi from './hi.messages.json';
import mr from './mr.messages.json';

describe('the public remote messages', () => {
  it('every key exists in all three catalogues, and the code uses every key', () => {
    const problems = catalogueKeyProblems(__dirname, [join(__dirname, '..')]);
    expect(problems).toEqual({ missing: { mr: [], hi: [] }, extra: { mr: [], hi: [] }, unused: [] });
  });

  it.each([
    ['mr', mr],
    ['hi', hi],
  ])('the %s messages parse as ICU and take the same arguments as English', (_, messages: Record<string, string>) => {
    for (const [key, english] of Object.entries(en as Record<string, string>)) {
      const translated = messages[key];
      expect([key, messageArguments(translated)]).toEqual([key, messageArguments(english)]);
    }
  });
});
