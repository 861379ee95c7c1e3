import { countOf, plural } from './plural.util';

describe('plural', () => {
  it('takes the singular for 1 and the plural for everything else in English', () => {
    expect(plural(1, 'hall ticket')).toBe('hall ticket');
    expect(plural(0, 'hall ticket')).toBe('hall tickets');
    expect(plural(2, 'hall ticket')).toBe('hall tickets');
    expect(plural(1.5, 'minute')).toBe('minutes');
  });

  it('uses the forms given for irregular words', () => {
    const forms = { one: 'was', other: 'were' };
    expect(plural(1, forms)).toBe('was');
    expect(plural(4, forms)).toBe('were');
    expect(plural(1, { one: 'SMS', other: 'SMS' })).toBe('SMS');
  });

  it("follows the locale's rules: in Hindi 0 takes the singular form", () => {
    const forms = { one: 'संदेश (one)', other: 'संदेश (other)' };
    expect(plural(0, forms, 'hi')).toBe('संदेश (one)');
    expect(plural(0, forms, 'en')).toBe('संदेश (other)');
    // a category the forms lack falls back to `other`
    expect(plural(2, { one: 'x', other: 'y' }, 'ar')).toBe('y');
  });
});

describe('countOf', () => {
  it('writes the count with its word', () => {
    expect(countOf(1, 'hall ticket')).toBe('1 hall ticket');
    expect(countOf(0, 'recipient')).toBe('0 recipients');
    expect(countOf(7, { one: 'inspiring image', other: 'inspiring images' })).toBe('7 inspiring images');
  });

  it('groups the digits as the portal writes numbers (en-IN)', () => {
    expect(countOf(20000, 'message')).toBe('20,000 messages');
    expect(countOf(100000, 'message')).toBe('1,00,000 messages');
  });
});
