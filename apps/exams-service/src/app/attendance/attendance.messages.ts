/** What the attendance endpoints answer, in the admin's words. */
export const ATTENDANCE_MESSAGES = {
  centreNotFound: (code: string) => `Centre ${code} not found`,
  roomHasNoSeats: (room: string, level: string, code: string) => `Room ${room} has no ${level} seats at centre ${code}`,
  notInRoom: (room: string, rolls: readonly string[]) => `Not seated in room ${room}: ${rolls.join(', ')}`,
  csvUnreadable: 'The file is not a CSV the import can read',
  csvHeader: 'The first line must name the columns rollNumber and absent',
  rollNumberFormat: 'A roll number looks like M-21-014-0123-6',
  absentValue: 'absent must be yes or no',
  notAtCentre: (code: string, level: string) => `Not a ${level} roll number of centre ${code}`,
  duplicate: (line: number) => `This roll number is already on line ${line}`,
} as const;
