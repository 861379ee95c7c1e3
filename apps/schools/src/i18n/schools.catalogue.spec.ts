import { join } from 'node:path';
import { PORTAL_MESSAGES } from '@kbe/contracts/zod-free';
import { catalogueArgumentProblems, catalogueKeyProblems } from '@kbe/i18n/testing';

import { schoolsMessages, type SchoolsMessageKey } from './schools.catalogue';
import { PORTAL_MESSAGE_KEYS, serverMessageKey } from '../app/portal-errors';

describe('the school portal catalogue', () => {
  it('every key exists in all three catalogues, and every key is used by the page', () => {
    // The contract's messages are looked up by their key in PORTAL_MESSAGES (portal-errors.ts).
    const problems = catalogueKeyProblems(__dirname, [join(__dirname, '..')], PORTAL_MESSAGE_KEYS.map(serverMessageKey));
    expect(problems).toEqual({ missing: { mr: [], hi: [] }, extra: { mr: [], hi: [] }, unused: [] });
  });

  it('has valid ICU messages in every language, with the arguments of the English ones', () => {
    expect(catalogueArgumentProblems(__dirname)).toEqual([]);
  });

  it("says in English exactly what the server says (PORTAL_MESSAGES), one message for each", () => {
    const english = PORTAL_MESSAGE_KEYS.map((key) => [key, schoolsMessages.format('en', serverMessageKey(key) as SchoolsMessageKey)]);
    expect(Object.fromEntries(english)).toEqual(PORTAL_MESSAGES);
  });
});
