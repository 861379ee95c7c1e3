import { formatCalendarDate, hallTicketInstructions } from './print-edition';
import { printEdition2025 as edition } from './print-edition.fixture';

describe('hall ticket instructions (spec section 9)', () => {
  it('prints every line with the dates and times of the edition', () => {
    expect(hallTicketInstructions(edition)).toEqual([
      'The enrolment form must be submitted before 30th October 2025.',
      'Hall entry cards will be handed out on 5th November 2025 (8 am to 1 pm and 3 pm to 6 pm).',
      'The examination is multiple-choice: every question has four options and only one correct answer.',
      'Answers are marked on an OMR sheet.',
      'Mobile phones and other electronic gadgets are not allowed in the examination hall.',
      'No extra time will be given to candidates who arrive late.',
      'There are separate question papers for the Prime, Sec and High categories.',
      'Results will be published on the website.',
      'Prizes and e-certificates will be announced on the day of the result.',
    ]);
  });

  it('follows the settings of another edition', () => {
    const lines = hallTicketInstructions({
      ...edition,
      registrationDeadline: '2026-10-01T23:59:59+05:30',
      hallTicketHandoutDate: '2026-11-02',
      hallTicketHandoutWindows: ['9 am to 12 noon'],
    });
    expect(lines[0]).toBe('The enrolment form must be submitted before 1st October 2026.');
    expect(lines[1]).toBe('Hall entry cards will be handed out on 2nd November 2026 (9 am to 12 noon).');
  });

  it('formats calendar dates without a zone shift', () => {
    expect(formatCalendarDate('2025-03-19')).toBe('19th March 2025');
    expect(formatCalendarDate('2025-01-01')).toBe('1st January 2025');
  });
});
