import { acceptLanguageTags, preferredLocale } from './accept-language';

describe('the language a browser asks for', () => {
  it('orders an Accept-Language header by quality, dropping q=0', () => {
    expect(acceptLanguageTags('en;q=0.5, mr-IN, hi;q=0.8, fr;q=0')).toEqual(['mr-IN', 'hi', 'en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(acceptLanguageTags('')).toEqual([]);
  });

  it('takes the first of the site languages it names', () => {
    expect(preferredLocale(['mr-IN', 'en'])).toBe('mr');
    expect(preferredLocale(['fr', 'HI'])).toBe('hi');
    expect(preferredLocale(['en-GB', 'mr'])).toBe('en');
    expect(preferredLocale(['fr', 'de'])).toBe('en');
    expect(preferredLocale([])).toBe('en');
  });
});
