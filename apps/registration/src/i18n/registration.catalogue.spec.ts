import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { messageArguments } from '@kbe/i18n/testing';
import { MESSAGE_KEYS, englishMessageOf, messageKeyValueNames } from '@kbe/contracts/zod-free';
import { REGISTRATION_ERROR_KEYS, registrationErrorKeyOf } from '@kbe/api-client';

import en from './en.messages.json';
import hi from './hi.messages.json';
import mr from './mr.messages.json';
import { registrationMessages, translateList, translateText, type RegistrationTranslate } from './registration.catalogue';

const SOURCE_ROOT = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) && !/\.testing\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Keys the page reaches through the contracts' `messageKeyOf` or the API client's `registrationErrorKeyOf`, not by name. */
const KEYED_ELSEWHERE = new Set([...MESSAGE_KEYS, ...REGISTRATION_ERROR_KEYS]);

describe('the registration catalogue', () => {
  const translations = { mr, hi } as Record<string, Record<string, string>>;

  it.each(Object.keys(translations))('every key exists in all three catalogues: %s has each English key, and no other', (locale) => {
    const keys = Object.keys(translations[locale]);
    expect(Object.keys(en).filter((key) => !keys.includes(key))).toEqual([]);
    expect(keys.filter((key) => !(key in en))).toEqual([]);
    expect(keys.filter((key) => translations[locale][key].trim() === '')).toEqual([]);
  });

  it('has no key that no source file of the remote uses, by name or as a message key of the contracts or the API client', () => {
    const source = sourceFiles(SOURCE_ROOT)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(Object.keys(en).filter((key) => !KEYED_ELSEWHERE.has(key) && !source.includes(`'${key}'`))).toEqual([]);
  });

  it.each(['en', 'mr', 'hi'])('has valid ICU messages in %s, with the arguments of the English ones', (locale) => {
    const messages = (locale === 'en' ? en : translations[locale]) as Record<string, string>;
    for (const [key, text] of Object.entries(messages)) {
      const english = messageArguments((en as Record<string, string>)[key]);
      expect([key, messageArguments(text)]).toEqual([key, english]);
    }
  });

  it("says in English exactly what the contracts and the API client say, with the contracts' values as arguments", () => {
    for (const [key, text] of Object.entries(en as Record<string, string>)) {
      if (MESSAGE_KEYS.includes(key)) {
        expect([key, messageArguments(text)]).toEqual([key, [...messageKeyValueNames(key)].sort()]);
        if (messageKeyValueNames(key).length === 0) expect([key, text]).toEqual([key, englishMessageOf({ key })]);
      }
      if (REGISTRATION_ERROR_KEYS.includes(key) && !text.includes('{')) expect(registrationErrorKeyOf(text)).toEqual({ key });
    }
  });

  it('shows a message of the contracts in Marathi, its field label too, and English as it is', async () => {
    await registrationMessages.load('mr');
    const t: RegistrationTranslate = (key, values) => registrationMessages.format('mr', key, values);
    expect(translateText(t, 'mr', 'PIN code must be exactly 6 digits')).toBe('पिन कोड नेमका 6 अंकी असावा');
    expect(translateText(t, 'mr', 'School name is required')).toBe('शाळेचे नाव आवश्यक आहे');
    expect(translateText(t, 'mr', 'Personal Details → Full Name: Full name is required')).toBe('पूर्ण नाव आवश्यक आहे');
    expect(translateText(t, 'mr', 'Something the server said')).toBe('Something the server said');
    expect(translateText(t, 'en', 'School name is required')).toBe('School name is required');
    const text = (english: string) => translateText(t, 'mr', english);
    expect(translateList(text, 'Photo must be a JPEG, PNG, WebP or GIF image, Full name is required')).toBe(
      'फोटो JPEG, PNG, WebP किंवा GIF प्रतिमा असावी, पूर्ण नाव आवश्यक आहे',
    );
  });
});
