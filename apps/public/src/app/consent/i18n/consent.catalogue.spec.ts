import { join } from 'node:path';
import {
  CONSENT_MESSAGES,
  CONSENT_STATUS_LABELS,
  DATA_REQUEST_KIND_LABELS,
  englishMessageOf,
  requestRecordedMessage,
  resendTooSoonMessage,
  wrongOtpMessage,
} from '@kbe/contracts/zod-free';
import { NETWORK_ERROR_MESSAGE, registrationErrorKeyOf } from '@kbe/api-client';
import { catalogueKeyProblems, messageArguments } from '@kbe/i18n/testing';

import en from './en.messages.json';
import hi from './hi.messages.json';
import mr from './mr.messages.json';
import { consentMessages, type ConsentMessageKey } from './consent.catalogue';
import { CONTRACT_MESSAGE_KEYS, serverText } from './server-text';

const translations = { mr, hi } as Record<string, Record<string, string>>;
const english = (key: ConsentMessageKey, values?: Record<string, string | number>) => consentMessages.format('en', key, values);

describe('the consent catalogue', () => {
  it('every key exists in all three catalogues, and every key is used by the consent pages', () => {
    const problems = catalogueKeyProblems(__dirname, [join(__dirname, '..')]);
    expect(problems).toEqual({ missing: { mr: [], hi: [] }, extra: { mr: [], hi: [] }, unused: [] });
  });

  it.each(['en', 'mr', 'hi'])('has valid ICU messages in %s, with the arguments of the English ones', (locale) => {
    const messages = (locale === 'en' ? en : translations[locale]) as Record<string, string>;
    for (const [key, text] of Object.entries(messages)) {
      const englishArguments = messageArguments((en as Record<string, string>)[key]);
      expect([key, messageArguments(text)]).toEqual([key, englishArguments]);
    }
  });

  it("says in English exactly what the contracts say, under the contracts' keys", () => {
    const sample: Record<string, Record<string, string | number>> = {
      'consent.wrongOtpTriesLeft': { tries: 3 },
      'consent.resendWait': { seconds: 25 },
      'consent.tooManySendsRetry': { date: '2026-11-28' },
      'dataRights.requestRecordedBy': { date: '2027-02-25' },
    };
    const day: Record<string, string> = { '2026-11-28': '28 November 2026', '2027-02-25': '25 February 2027' };
    for (const key of CONTRACT_MESSAGE_KEYS.filter((key) => !key.startsWith('error.'))) {
      const values = sample[key];
      const catalogueValues = values && typeof values['date'] === 'string' ? { ...values, date: day[values['date']] } : values;
      expect([key, english(key, catalogueValues)]).toEqual([key, englishMessageOf({ key, values })]);
    }
    expect(registrationErrorKeyOf(english('error.network'))).toEqual({ key: 'error.network' });
    expect(english('error.network')).toBe(NETWORK_ERROR_MESSAGE);
    expect(registrationErrorKeyOf(english('error.httpStatus', { status: 502 }))).toEqual({ key: 'error.httpStatus', values: { status: '502' } });
    expect(english('consent.wrongOtpTriesLeft', { tries: 1 })).toBe(wrongOtpMessage(1));
    expect(english('consent.resendWait', { seconds: 1 })).toBe(resendTooSoonMessage(1));
    for (const kind of ['access', 'correction', 'erasure'] as const) expect(english('requests.kindValue', { kind })).toBe(DATA_REQUEST_KIND_LABELS[kind]);
    expect(english('withdrawal.statusValue', { status: 'withdrawn' })).toBe(CONSENT_STATUS_LABELS.withdrawn.toLowerCase());
  });

  describe("the server's sentences", () => {
    const t = (key: ConsentMessageKey, values?: Record<string, string | number | Date>) => consentMessages.format('mr', key, values);
    beforeAll(() => consentMessages.load('mr'));

    it('stay as they came in English', () => {
      expect(serverText(wrongOtpMessage(2), 'en', t)).toBe(wrongOtpMessage(2));
    });

    it('are translated when known, with their numbers and days', () => {
      expect(serverText(CONSENT_MESSAGES.expired, 'mr', t)).toBe('कोडची मुदत संपली आहे. कृपया नवीन कोड मागवा.');
      expect(serverText(wrongOtpMessage(4), 'mr', t)).toBe('कोड बरोबर नाही. ४ प्रयत्न उरले आहेत.');
      expect(serverText(wrongOtpMessage(0), 'mr', t)).toBe('कोड बरोबर नाही. या कोडसाठी एकही प्रयत्न उरलेला नाही. कृपया नवीन कोड मागवा.');
      expect(serverText(resendTooSoonMessage(20), 'mr', t)).toBe('थोड्याच वेळापूर्वी कोड पाठवला आहे. दुसरा कोड मागवण्यापूर्वी कृपया २० सेकंद थांबा.');
      expect(serverText(requestRecordedMessage(new Date('2027-02-25T06:00:00.000Z')), 'mr', t)).toBe('आपली विनंती नोंदवली आहे. आयोजक २५ फेब्रुवारी, २०२७ पर्यंत उत्तर देतील.');
    });

    it('stay as they came when unknown', () => {
      expect(serverText('Something else went wrong.', 'mr', t)).toBe('Something else went wrong.');
    });
  });
});
