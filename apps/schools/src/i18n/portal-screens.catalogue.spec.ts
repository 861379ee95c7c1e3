import { join } from 'node:path';
import { catalogueArgumentProblems, catalogueKeyProblems } from '@kbe/i18n/testing';

describe("the catalogue of the signed-in portal's sections", () => {
  const dir = join(__dirname, 'portal-screens');

  it('every key exists in all three catalogues, and every key is used by the page', () => {
    const problems = catalogueKeyProblems(dir, [join(__dirname, '..')]);
    expect(problems).toEqual({ missing: { mr: [], hi: [] }, extra: { mr: [], hi: [] }, unused: [] });
  });

  it('has valid ICU messages in every language, with the arguments of the English ones', () => {
    expect(catalogueArgumentProblems(dir)).toEqual([]);
  });
});
