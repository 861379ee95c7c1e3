import { isPage, pagePaths } from './render-entry';

describe('the public remote for the edge', () => {
  it.each(['/', '/einstein-quest', '/einstein-quest/about', '/einstein-quest/about/', '/einstein-quest/exams', '/einstein-quest/gallery', '/einstein-quest/contact'])(
    '%s is a page (answered 200)',
    (path) => {
      expect(isPage(path)).toBe(true);
    },
  );

  it.each(['/nope', '/einstein-quest/nope', '/einstein-quest/about/more', '/mr/', '/mr/einstein-quest', '/hi/einstein-quest/about'])(
    '%s is no page (answered 404 with the Page Not Found page)',
    (path) => {
      expect(isPage(path)).toBe(false);
    },
  );

  it('counts every page it prerenders as a page', () => {
    for (const path of pagePaths()) expect(isPage(path)).toBe(true);
  });
});
