import { NAV_LINKS } from '@kbe/content';
import { isNavLinkActive } from './nav-active.util';

const link = (label: string) => {
  const found = NAV_LINKS.find((l) => l.label === label);
  if (!found) throw new Error(label);
  return found;
};

describe('isNavLinkActive', () => {
  it('highlights Home on the site root and on /einstein-quest only', () => {
    expect(isNavLinkActive('/', link('Home'))).toBe(true);
    expect(isNavLinkActive('/einstein-quest', link('Home'))).toBe(true);
    expect(isNavLinkActive('/einstein-quest/', link('Home'))).toBe(true);
    expect(isNavLinkActive('/einstein-quest/about', link('Home'))).toBe(false);
    expect(isNavLinkActive('/einstein-quest/gallery', link('Home'))).toBe(false);
  });

  it('highlights a section link on its path and below it', () => {
    expect(isNavLinkActive('/einstein-quest/exams', link('Exams'))).toBe(true);
    expect(isNavLinkActive('/einstein-quest/exams/', link('Exams'))).toBe(true);
    expect(isNavLinkActive('/einstein-quest/exams/mains', link('Exams'))).toBe(true);
  });

  it('does not highlight on a sibling path that merely shares the prefix', () => {
    expect(isNavLinkActive('/einstein-quest/examsfoo', link('Exams'))).toBe(false);
    expect(isNavLinkActive('/einstein-quest/about', link('Exams'))).toBe(false);
    expect(isNavLinkActive('/', link('Gallery'))).toBe(false);
  });
});
