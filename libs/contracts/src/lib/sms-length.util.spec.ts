import { smsEncoding, smsLength } from './sms-length.util';

describe('smsLength', () => {
  it('counts plain English as GSM-7, one segment up to 160 characters', () => {
    expect(smsLength('Your hall ticket is ready.')).toEqual({ encoding: 'GSM-7', units: 26, segments: 1, perSegment: 160, remaining: 134 });
    expect(smsLength('a'.repeat(160)).segments).toBe(1);
    expect(smsLength('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153, remaining: 145 });
    expect(smsLength('a'.repeat(306)).segments).toBe(2);
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
  });

  it('charges two septets for the extension characters', () => {
    expect(smsLength('€5 [ok]')).toMatchObject({ encoding: 'GSM-7', units: 10 });
    expect(smsLength('{'.repeat(80)).segments).toBe(1);
    expect(smsLength('{'.repeat(81)).segments).toBe(2);
  });

  it('sends Devanagari and emoji as UCS-2 with 70 / 67 places per segment', () => {
    expect(smsEncoding('तुमचे प्रवेशपत्र तयार आहे')).toBe('UCS-2');
    expect(smsLength('न'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1, remaining: 0 });
    expect(smsLength('न'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    // An emoji is two UTF-16 code units.
    expect(smsLength('👍')).toMatchObject({ encoding: 'UCS-2', units: 2 });
  });

  it('reports an empty text as no segment with the full single-segment room', () => {
    expect(smsLength('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0, perSegment: 160, remaining: 160 });
  });
});
