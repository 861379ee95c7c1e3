import type { CentreListsRequest, ListedPaper } from '@kbe/contracts';
import { createHash } from 'node:crypto';
import Handlebars from 'handlebars';
import { DEVANAGARI_FONT_FACES } from '../templates/devanagari-font';
import { DOCUMENT_STYLES } from '../templates/document.styles';
import { ATTENDANCE_SHEET_TEMPLATE, CENTRE_LIST_STYLES, CENTRE_SUMMARY_TEMPLATE, DOOR_LIST_TEMPLATE } from '../templates/centre-lists.template';

type Centre = CentreListsRequest['centre'];
type PaperHeading = Omit<ListedPaper, 'rooms'>;

/** One row of an attendance sheet, as printed. */
export interface AttendanceRow {
  seatInRoom: number;
  rollNumber: string;
  /** As entered at registration (any script); empty when the candidate is not found. */
  name: string;
  category: string;
  /** A data: URL of the thumbnail; null prints an empty box. */
  photo: string | null;
}

/** One room of one paper. */
export interface AttendanceSheet {
  paper: PaperHeading;
  room: string;
  rows: AttendanceRow[];
}

const STYLES = `${DEVANAGARI_FONT_FACES}\n${DOCUMENT_STYLES}\n${CENTRE_LIST_STYLES}`;

/** The lists' templates and styles: a change makes every centre's lists anew (kept with each job). */
export const CENTRE_LISTS_VERSION = createHash('sha256')
  .update([ATTENDANCE_SHEET_TEMPLATE, DOOR_LIST_TEMPLATE, CENTRE_SUMMARY_TEMPLATE, DOCUMENT_STYLES, CENTRE_LIST_STYLES].join('\n'))
  .digest('hex')
  .slice(0, 16);

const compile = (template: string) => Handlebars.create().compile(template, { strict: false });

/** A paper's heading as a line, for the door list and the summary. */
const headingOf = (paper: ListedPaper): PaperHeading => ({
  level: paper.level,
  category: paper.category,
  date: paper.date,
  startTime: paper.startTime,
  reportingTime: paper.reportingTime,
});

/** Each room of each paper: the first and last roll number (seats come in roll-number order) and the count. */
export function doorListOf(papers: readonly ListedPaper[]) {
  return papers.map((paper) => ({
    ...headingOf(paper),
    rooms: paper.rooms.map((room) => ({ name: room.name, first: room.seats[0]?.rollNumber ?? '', last: room.seats.at(-1)?.rollNumber ?? '', count: room.seats.length })),
  }));
}

/** Rooms with their capacity and the seats each paper uses in them; papers with their candidates and the capacity of their rooms. */
export function summaryOf(request: Pick<CentreListsRequest, 'rooms' | 'papers'>) {
  const used = (paper: ListedPaper, room: string) => paper.rooms.find((r) => r.name === room)?.seats.length ?? 0;
  const papers = request.papers.map((paper) => ({
    ...headingOf(paper),
    rooms: paper.rooms,
    count: paper.rooms.reduce((n, room) => n + room.seats.length, 0),
    capacity: paper.rooms.reduce((n, room) => n + room.capacity, 0),
  }));
  return {
    rooms: request.rooms.map((room) => ({ name: room.name, capacity: room.capacity, used: request.papers.map((paper) => used(paper, room.name)) })),
    papers,
    capacity: request.rooms.reduce((n, room) => n + room.capacity, 0),
    count: papers.reduce((n, paper) => n + paper.count, 0),
  };
}

/** HTML of the lists (self-contained: fonts inlined, photos as data: URLs). */
export class CentreListComposer {
  private readonly attendance = compile(ATTENDANCE_SHEET_TEMPLATE);
  private readonly doorList = compile(DOOR_LIST_TEMPLATE);
  private readonly summary = compile(CENTRE_SUMMARY_TEMPLATE);

  /** Attendance sheets of some rooms, each on its own pages (its heading repeated on every page). */
  attendanceHtml(centre: Centre, sheets: readonly AttendanceSheet[]): string {
    return this.attendance({
      styles: STYLES,
      centre,
      sheets: sheets.map((sheet) => ({ ...sheet, first: sheet.rows[0]?.rollNumber ?? '', last: sheet.rows.at(-1)?.rollNumber ?? '' })),
    });
  }

  doorListHtml(request: CentreListsRequest): string {
    return this.doorList({ styles: STYLES, centre: request.centre, papers: doorListOf(request.papers) });
  }

  summaryHtml(request: CentreListsRequest): string {
    return this.summary({ styles: STYLES, centre: request.centre, ...summaryOf(request) });
  }
}
