import { PUBLIC_MESSAGES } from '../i18n/public.messages';
import { firstPaintChunkGroups, isPage, pageMeta, pagePaths } from './render-entry';

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

describe('the public remote for the edge, in Marathi and Hindi', () => {
  it('preloads a Marathi or Hindi page with its messages and first screen content; English with neither', () => {
    expect(firstPaintChunkGroups('/einstein-quest')).toEqual(['__federation_expose_Module', 'page-home']);
    expect(firstPaintChunkGroups('/einstein-quest', 'en')).toEqual(['__federation_expose_Module', 'page-home']);
    expect(firstPaintChunkGroups('/einstein-quest', 'mr')).toEqual(['__federation_expose_Module', 'page-home', 'locale-mr-public', 'locale-mr-home', 'locale-mr-about']);
    expect(firstPaintChunkGroups('/einstein-quest/gallery', 'hi')).toEqual(['__federation_expose_Module', 'page-gallery', 'locale-hi-public', 'locale-hi-gallery']);
    expect(firstPaintChunkGroups('/einstein-quest/nowhere', 'mr')).toEqual(['__federation_expose_Module', 'page-not-found', 'locale-mr-public']);
  });

  it('gives the title and description in the page language once its messages are loaded, English before', async () => {
    expect(pageMeta('/einstein-quest/about', 'en').title).toBe('About Us - KBE Young Scientist Competition');
    expect(pageMeta('/einstein-quest/about', 'mr').title).toBe('About Us - KBE Young Scientist Competition');
    await PUBLIC_MESSAGES.load('mr');
    await PUBLIC_MESSAGES.load('hi');
    expect(pageMeta('/einstein-quest/about', 'mr')).toEqual({
      title: 'आमच्याविषयी - KBE Young Scientist Competition',
      description: 'आम्ही कोण आहोत: इयत्ता V ते XII+ साठी नाशिकमधील तरुण वैज्ञानिक स्पर्धा, तिची दृष्टी, ध्येय, तीन स्तर आणि पुरस्कार.',
    });
    expect(pageMeta('/einstein-quest/nowhere', 'hi').title).toBe('पृष्ठ नहीं मिला - KBE Young Scientist Competition');
    expect(pageMeta('/', 'hi').title).toBe('KBE Young Scientist Competition');
    expect(pageMeta('/', 'hi').description).toMatch(/^KBE Young Scientist Competition 2025: कक्षा V से XII\+/);
    expect(pageMeta('/einstein-quest/about', 'fr').title).toBe('About Us - KBE Young Scientist Competition');
  });
});
