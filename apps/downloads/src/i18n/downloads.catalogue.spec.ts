import { join } from 'node:path';
import { documentLabel, englishMessageOf, MESSAGE_KEYS } from '@kbe/contracts/zod-free';
import { catalogueKeyProblems, messageArguments } from '@kbe/i18n/testing';

import en from './en.messages.json';
import hi from './hi.messages.json';
import mr from './mr.messages.json';
import { downloadsMessages, type DownloadsMessageKey } from './downloads.catalogue';
import { CONTRACT_MESSAGE_KEYS } from '../app/download-outcome';

describe('the downloads catalogue', () => {
  const translations = { mr, hi } as Record<string, Record<string, string>>;

  it('every key exists in all three catalogues, and every key is used by the page', () => {
    const problems = catalogueKeyProblems(__dirname, [join(__dirname, '..')]);
    expect(problems).toEqual({ missing: { mr: [], hi: [] }, extra: { mr: [], hi: [] }, unused: [] });
  });

  it.each(['en', 'mr', 'hi'])('has valid ICU messages in %s, with the arguments of the English ones', (locale) => {
    const messages = (locale === 'en' ? en : translations[locale]) as Record<string, string>;
    for (const [key, text] of Object.entries(messages)) {
      const english = messageArguments((en as Record<string, string>)[key]);
      expect([key, messageArguments(text)]).toEqual([key, english]);
    }
  });

  it("says in English exactly what the contracts say (spec section 8), under the contracts' keys", () => {
    const contractKeys = (Object.keys(en) as DownloadsMessageKey[]).filter((key) => MESSAGE_KEYS.includes(key));
    expect(contractKeys.filter((key) => !['download.downloaded', 'download.motherNameTooLong'].includes(key) && downloadsMessages.format('en', key) !== englishMessageOf({ key }))).toEqual([]);
    expect(CONTRACT_MESSAGE_KEYS.filter((key) => !contractKeys.includes(key))).toEqual([]);
    expect(downloadsMessages.format('en', 'download.motherNameTooLong', { max: 100 })).toBe(englishMessageOf({ key: 'download.motherNameTooLong', values: { max: 100 } }));
    for (const [kind, document] of [['hall-ticket', 'hallTicket'], ['certificate', 'certificate']] as const) {
      expect(downloadsMessages.format('en', 'download.downloaded', { document })).toBe(englishMessageOf({ key: 'download.downloaded', values: { document } }));
      expect(downloadsMessages.format('en', 'document.label', { document })).toBe(documentLabel(kind));
    }
  });
});
