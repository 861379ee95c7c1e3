import { join } from 'node:path';
import { catalogueArgumentProblems, catalogueKeyProblems } from '@kbe/i18n/testing';

import { PAGE_LINK_KEYS, RESOURCE_KEYS } from './chrome.messages';

describe('the chrome messages', () => {
  it('has every key in English, Marathi and Hindi, and no key the code does not use', () => {
    const problems = catalogueKeyProblems(join(__dirname, '../i18n'), [join(__dirname, '..'), join(__dirname, '../../../../apps/shell/src')], [
      ...Object.values(PAGE_LINK_KEYS),
      ...Object.values(RESOURCE_KEYS),
    ]);
    expect(problems).toEqual({ missing: { mr: [], hi: [] }, extra: { mr: [], hi: [] }, unused: [] });
  });

  it('has valid ICU messages, each taking the arguments of the English one', () => {
    expect(catalogueArgumentProblems(join(__dirname, '../i18n'))).toEqual([]);
  });
});
