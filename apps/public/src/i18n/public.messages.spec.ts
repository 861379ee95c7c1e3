import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { catalogueKeyProblems } from '@kbe/i18n/testing';
import en from './en.messages.json';
import hi from './hi.messages.json';
import mr from './mr.messages.json';

/** The names of a message's arguments (`{count, plural, ...}`, `{title}`), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type !== TYPE.tag) into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) Object.values(element.options).forEach((option) => argumentsOf(option.value, into));
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

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
      expect([key, [...argumentsOf(parse(translated, { requiresOtherClause: true }))].sort()]).toEqual([key, [...argumentsOf(parse(english))].sort()]);
    }
  });
});
