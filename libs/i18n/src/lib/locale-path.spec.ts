import { alternatePaths, localeOfBasename, localizedPath, routerBasename, splitLocalePath } from './locale-path';

describe('locale paths', () => {
  it('splits the language prefix off a path; English has none', () => {
    expect(splitLocalePath('/mr/einstein-quest/about')).toEqual({ locale: 'mr', path: '/einstein-quest/about' });
    expect(splitLocalePath('/hi')).toEqual({ locale: 'hi', path: '/' });
    expect(splitLocalePath('/hi/')).toEqual({ locale: 'hi', path: '/' });
    expect(splitLocalePath('/einstein-quest/about')).toEqual({ locale: 'en', path: '/einstein-quest/about' });
    expect(splitLocalePath('/')).toEqual({ locale: 'en', path: '/' });
  });

  it('keeps paths that only look like a prefix', () => {
    expect(splitLocalePath('/en/einstein-quest')).toEqual({ locale: 'en', path: '/en/einstein-quest' });
    expect(splitLocalePath('/mrx/a')).toEqual({ locale: 'en', path: '/mrx/a' });
    expect(splitLocalePath('/fr/a')).toEqual({ locale: 'en', path: '/fr/a' });
  });

  it('puts a page in another language and back', () => {
    expect(localizedPath('mr', '/einstein-quest/online-registrations')).toBe('/mr/einstein-quest/online-registrations');
    expect(localizedPath('hi', '/')).toBe('/hi');
    expect(localizedPath('en', '/einstein-quest/about')).toBe('/einstein-quest/about');
    expect(splitLocalePath(localizedPath('hi', '/einstein-quest/exams')).path).toBe('/einstein-quest/exams');
  });

  it('gives the router basename of a language and reads it back', () => {
    expect(routerBasename('en')).toBeUndefined();
    expect(routerBasename('mr')).toBe('/mr');
    expect(localeOfBasename('/mr/')).toBe('mr');
    expect(localeOfBasename('/')).toBe('en');
  });

  it('lists a page in every language for hreflang alternates', () => {
    expect(alternatePaths('/einstein-quest/gallery')).toEqual({
      en: '/einstein-quest/gallery',
      mr: '/mr/einstein-quest/gallery',
      hi: '/hi/einstein-quest/gallery',
    });
  });
});
