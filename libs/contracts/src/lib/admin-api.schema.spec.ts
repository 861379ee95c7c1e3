import { examAssignmentSchema } from './admin-api.schema';
import { EXAM_TIME_FORMAT_MESSAGE } from './exam-time.util';

describe('exam assignment', () => {
  it('takes an exam time written as a date-time with its offset, with or without seconds', () => {
    expect(examAssignmentSchema.parse({ examTime: '2025-11-05T10:00+05:30' })).toEqual({ examTime: '2025-11-05T10:00+05:30' });
    expect(examAssignmentSchema.parse({ examTime: ' 2025-11-05T10:00:00+05:30 ', seatNumber: 'S-101' })).toEqual({
      examTime: '2025-11-05T10:00:00+05:30',
      seatNumber: 'S-101',
    });
  });

  it('clears the exam time with an empty text or null', () => {
    expect(examAssignmentSchema.parse({ examTime: '' })).toEqual({ examTime: null });
    expect(examAssignmentSchema.parse({ examTime: null })).toEqual({ examTime: null });
  });

  it.each(['10 am', '5 November 2025, 10:00 am IST', '2025-11-05T10:00', '2025-11-31T10:00+05:30', 'TBA'])(
    'refuses %j and names the expected format',
    (examTime) => {
      const result = examAssignmentSchema.safeParse({ examTime });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([EXAM_TIME_FORMAT_MESSAGE]);
      expect(EXAM_TIME_FORMAT_MESSAGE).toContain('2025-11-05T10:00+05:30');
    },
  );

  it('leaves seat number and centre free text', () => {
    expect(examAssignmentSchema.parse({ seatNumber: 'Hall 2, row 3', center: 'Nashik Centre 1' })).toEqual({ seatNumber: 'Hall 2, row 3', center: 'Nashik Centre 1' });
  });
});
