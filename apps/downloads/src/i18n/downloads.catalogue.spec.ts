import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { DATA_RIGHTS_MESSAGES, DOCUMENT_NOT_VERIFIED, DOWNLOAD_MESSAGES, downloadedMessage, documentLabel } from '@kbe/contracts/zod-free';

import en from './en.messages.json';
import hi from './hi.messages.json';
import mr from './mr.messages.json';
import { downloadsMessages } from './downloads.catalogue';

const SOURCE_ROOT = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The names of a message's arguments, nested ones included. */
function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, names);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, names);
  }
  return names;
}

describe('the downloads catalogue', () => {
  const translations = { mr, hi } as Record<string, Record<string, string>>;

  it.each(Object.keys(translations))('every key exists in all three catalogues: %s has each English key, and no other', (locale) => {
    const keys = Object.keys(translations[locale]);
    expect(Object.keys(en).filter((key) => !keys.includes(key))).toEqual([]);
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });

  it('has no key that no source file of the page uses', () => {
    const source = sourceFiles(SOURCE_ROOT)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(Object.keys(en).filter((key) => !source.includes(`'${key}'`))).toEqual([]);
  });

  it.each(['en', 'mr', 'hi'])('has valid ICU messages in %s, with the arguments of the English ones', (locale) => {
    const messages = (locale === 'en' ? en : translations[locale]) as Record<string, string>;
    for (const [key, text] of Object.entries(messages)) {
      const english = argumentsOf(parse((en as Record<string, string>)[key], { requiresOtherClause: true }));
      expect([key, [...argumentsOf(parse(text, { requiresOtherClause: true }))].sort()]).toEqual([key, [...english].sort()]);
    }
  });

  it('says in English exactly what the contracts say (spec section 8)', () => {
    expect(en['download.validationError.title']).toBe(DOWNLOAD_MESSAGES.validationError.title);
    expect(en['download.validationError.text']).toBe(DOWNLOAD_MESSAGES.validationError.text);
    expect(en['download.searchFailed.title']).toBe(DOWNLOAD_MESSAGES.searchFailed.title);
    expect(en['download.searchFailed.notFound']).toBe(DOWNLOAD_MESSAGES.searchFailed.notFound);
    expect(en['download.searchFailed.other']).toBe(DOWNLOAD_MESSAGES.searchFailed.other);
    expect(en['download.verificationRequired.title']).toBe(DOWNLOAD_MESSAGES.verificationRequired.title);
    expect(en['download.verificationRequired.text']).toBe(DOWNLOAD_MESSAGES.verificationRequired.text);
    expect(en['download.verificationFailed.title']).toBe(DOWNLOAD_MESSAGES.verificationFailed.title);
    expect(en['download.verificationFailed.text']).toBe(DOWNLOAD_MESSAGES.verificationFailed.text);
    expect(en['download.hallTicketNotAvailable.title']).toBe(DOWNLOAD_MESSAGES.hallTicketNotAvailable.title);
    expect(en['download.hallTicketNotAvailable.text']).toBe(DOWNLOAD_MESSAGES.hallTicketNotAvailable.text);
    expect(en['download.certificateNotAvailable.title']).toBe(DOWNLOAD_MESSAGES.certificateNotAvailable.title);
    expect(en['download.certificateNotAvailable.text']).toBe(DOWNLOAD_MESSAGES.certificateNotAvailable.text);
    expect(en['download.downloadSuccessful.title']).toBe(DOWNLOAD_MESSAGES.downloadSuccessful.title);
    expect(en['download.downloadFailed.title']).toBe(DOWNLOAD_MESSAGES.downloadFailed.title);
    expect(en['download.downloadFailed.text']).toBe(DOWNLOAD_MESSAGES.downloadFailed.text);
    expect(en['download.notVerified']).toBe(DOCUMENT_NOT_VERIFIED);
    expect(en['dataRights.registrationWithdrawn']).toBe(DATA_RIGHTS_MESSAGES.registrationWithdrawn);
    for (const [kind, document] of [['hall-ticket', 'hallTicket'], ['certificate', 'certificate']] as const) {
      expect(downloadsMessages.format('en', 'download.downloaded', { document })).toBe(downloadedMessage(kind));
      expect(downloadsMessages.format('en', 'document.label', { document })).toBe(documentLabel(kind));
    }
  });
});
