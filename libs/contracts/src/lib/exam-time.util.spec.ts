import { EXAM_TIME_INPUT_PATTERN, examTimeIso, examTimeOf, formatExamTime, parseExamTime } from './exam-time.util';

describe('exam time', () => {
  it.each([
    ['2025-11-05T10:00+05:30', '2025-11-05T04:30:00.000Z'],
    ['2025-11-05T10:00:00+05:30', '2025-11-05T04:30:00.000Z'],
    ['  2025-11-05T10:00:30.5+05:30 ', '2025-11-05T04:30:30.500Z'],
    ['2025-11-05T04:30Z', '2025-11-05T04:30:00.000Z'],
    ['2025-11-04T23:00-05:30', '2025-11-05T04:30:00.000Z'],
  ])('reads %s as an instant', (text, iso) => {
    expect(parseExamTime(text)?.toISOString()).toBe(iso);
  });

  it.each([
    ['', 'blank'],
    ['10 am on 5 November', 'words'],
    ['2025-11-05 10:00', 'no T and no offset'],
    ['2025-11-05T10:00', 'no offset'],
    ['05/11/2025T10:00+05:30', 'another date order'],
    ['2025-02-30T10:00+05:30', 'a day February does not have'],
    ['2025-11-05T24:00+05:30', 'hour 24'],
    ['2025-11-05T10:60+05:30', 'minute 60'],
    ['2025-11-05T10:00+15:00', 'an offset beyond 14 hours'],
  ])('refuses %j (%s)', (text) => {
    expect(parseExamTime(text)).toBeNull();
  });

  it('documents the same form as a pattern, blank included (it clears the time)', () => {
    const pattern = new RegExp(EXAM_TIME_INPUT_PATTERN);
    for (const text of ['2025-11-05T10:00+05:30', '2025-11-05T10:00:00+05:30', ' 2025-11-05T04:30:00.000Z ', '']) expect(pattern.test(text)).toBe(true);
    for (const text of ['10 am', '2025-11-05T10:00', '2025-11-05 10:00+05:30']) expect(pattern.test(text)).toBe(false);
  });

  it('answers ISO 8601 text in India time, whatever the offset it was typed with', () => {
    expect(examTimeIso(new Date('2025-11-05T04:30:00Z'))).toBe('2025-11-05T10:00:00+05:30');
    expect(examTimeIso(parseExamTime('2025-11-04T23:00-05:30') as Date)).toBe('2025-11-05T10:00:00+05:30');
    expect(examTimeIso(new Date('2025-11-05T20:00:00Z'))).toBe('2025-11-06T01:30:00+05:30');
  });

  it('shows the time for people in India time', () => {
    expect(formatExamTime('2025-11-05T10:00:00+05:30')).toBe('5 November 2025, 10:00 am IST');
    expect(formatExamTime(new Date('2025-11-05T04:30:00Z'))).toBe('5 November 2025, 10:00 am IST');
    expect(formatExamTime('2025-11-05T14:05+05:30')).toBe('5 November 2025, 2:05 pm IST');
    expect(formatExamTime('2025-11-05T00:15+05:30')).toBe('5 November 2025, 12:15 am IST');
    expect(formatExamTime('2025-11-05T12:00+05:30')).toBe('5 November 2025, 12:00 pm IST');
  });

  it('shows a text that names no time as it is', () => {
    expect(formatExamTime('TBA')).toBe('TBA');
    expect(formatExamTime('10 am, Hall 2')).toBe('10 am, Hall 2');
  });

  it('reads what is stored: a date, a text written before exam times were dates, or nothing', () => {
    const instant = new Date('2025-11-05T04:30:00Z');
    expect(examTimeOf(instant)).toBe(instant);
    expect(examTimeOf('2025-11-05T10:00:00+05:30')).toEqual(instant);
    expect(examTimeOf('10 am')).toBeNull();
    expect(examTimeOf(null)).toBeNull();
    expect(examTimeOf(undefined)).toBeNull();
    expect(examTimeOf(new Date(Number.NaN))).toBeNull();
  });
});

describe('the API document pattern of an exam time', () => {
  const pattern = new RegExp(EXAM_TIME_INPUT_PATTERN);

  it('admits exactly the times that exist, as parseExamTime reads them', () => {
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    for (const year of [99, 100, 1900, 2000, 2023, 2024, 2100, 9999]) {
      for (let month = 0; month <= 13; month += 1) {
        for (const day of [0, 1, 28, 29, 30, 31, 32]) {
          for (const [time, zone] of [['10:00', '+05:30'], ['23:59:59.999', 'Z'], ['24:00', 'Z'], ['10:60', 'Z'], ['10:00', '+14:59'], ['10:00', '-15:00']]) {
            const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${time}${zone}`;
            expect([text, pattern.test(text)]).toEqual([text, parseExamTime(text) !== null]);
          }
        }
      }
    }
  });

  it('admits blanks around it and a blank alone (which clears it), ASCII digits only', () => {
    expect(pattern.test(' \t2025-11-05T10:00+05:30\n')).toBe(true);
    expect(pattern.test('   ')).toBe(true);
    expect(pattern.test('٢٠٢٥-11-05T10:00+05:30')).toBe(false);
    expect(pattern.test('\u00a02025-11-05T10:00+05:30')).toBe(false);
  });
});
