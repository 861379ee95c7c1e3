import { RecentBuffers } from './recent-buffers';

const pdf = (bytes: number, fill = 1) => Buffer.alloc(bytes, fill);

describe('RecentBuffers', () => {
  it('answers what was stored under the same key, and nothing for another key', () => {
    const recent = new RecentBuffers(100);
    recent.set('KBE1/hall-ticket/v1.pdf', pdf(10, 7));
    expect(recent.get('KBE1/hall-ticket/v1.pdf')).toEqual(pdf(10, 7));
    expect(recent.get('KBE1/hall-ticket/v2.pdf')).toBeUndefined();
  });

  it('drops the least recently used entries once the total size passes the bound', () => {
    const recent = new RecentBuffers(30);
    recent.set('a', pdf(10));
    recent.set('b', pdf(10));
    recent.set('c', pdf(10));
    recent.get('a'); // a is now the most recently used; b the least
    recent.set('d', pdf(10));
    expect(recent.get('b')).toBeUndefined();
    expect(recent.get('a')).toBeDefined();
    expect(recent.get('c')).toBeDefined();
    expect(recent.get('d')).toBeDefined();
    expect(recent.size).toBe(30);
  });

  it('keeps nothing larger than the bound, and counts a replaced entry once', () => {
    const recent = new RecentBuffers(30);
    recent.set('big', pdf(31));
    expect(recent.get('big')).toBeUndefined();
    recent.set('a', pdf(10));
    recent.set('a', pdf(20));
    expect(recent.size).toBe(20);
  });

  it("forgets one candidate's entries and keeps the others'", () => {
    const recent = new RecentBuffers(100);
    recent.set('KBE1/hall-ticket/v1.pdf', pdf(10));
    recent.set('KBE1/certificate/v1.pdf', pdf(10));
    recent.set('KBE12/hall-ticket/v1.pdf', pdf(10));
    recent.forgetPrefix('KBE1/');
    expect(recent.get('KBE1/hall-ticket/v1.pdf')).toBeUndefined();
    expect(recent.get('KBE1/certificate/v1.pdf')).toBeUndefined();
    expect(recent.get('KBE12/hall-ticket/v1.pdf')).toBeDefined();
    expect(recent.size).toBe(10);
  });
});
