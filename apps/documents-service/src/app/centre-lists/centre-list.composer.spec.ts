import type { ListedPaper } from '@kbe/contracts';
import { renderBatches } from './centre-list.builder';
import { CentreListComposer, doorListOf, summaryOf } from './centre-list.composer';

const seat = (n: number) => ({ candidateCode: `KBE7000${String(n).padStart(2, '0')}CLA`, rollNumber: `M-21-001-${String(n).padStart(4, '0')}-0`, seatInRoom: n });
const paper = (rooms: Record<string, number[]>): ListedPaper => ({
  level: 'Mains',
  category: 'Prime',
  date: '2027-01-17',
  startTime: '10:30',
  reportingTime: '09:45',
  rooms: Object.entries(rooms).map(([name, seats]) => ({ name, capacity: 30, seats: seats.map(seat) })),
});

describe('centre lists', () => {
  it('door list: the first and last roll number and the count of each room of each paper', () => {
    expect(doorListOf([paper({ R1: [1, 2, 3], R2: [4] })])[0]?.rooms).toEqual([
      { name: 'R1', first: 'M-21-001-0001-0', last: 'M-21-001-0003-0', count: 3 },
      { name: 'R2', first: 'M-21-001-0004-0', last: 'M-21-001-0004-0', count: 1 },
    ]);
  });

  it('summary: every room of the centre with the seats each paper uses, unused rooms included', () => {
    const summary = summaryOf({ rooms: [{ name: 'R1', capacity: 30 }, { name: 'Lab', capacity: 10 }], papers: [paper({ R1: [1, 2] })] });
    expect(summary.rooms).toEqual([
      { name: 'R1', capacity: 30, used: [2] },
      { name: 'Lab', capacity: 10, used: [0] },
    ]);
    expect(summary).toMatchObject({ capacity: 40, count: 2 });
  });

  it('renders whole rooms together up to the rows of one render, a larger room alone', () => {
    const batches = renderBatches({ papers: [paper({ R1: [1, 2, 3], R2: [4, 5], R3: [6, 7, 8, 9, 10, 11] })] }, 5); // R3 alone: larger than a render
    expect(batches.map((batch) => batch.map((sheet) => sheet.room))).toEqual([['R1', 'R2'], ['R3']]);
    expect(renderBatches({ papers: [paper({ R1: [1, 2], R2: [3, 4] })] }, 5).map((batch) => batch.length)).toEqual([2]);
  });

  it('prints names as entered, HTML-escaped', () => {
    const html = new CentreListComposer().attendanceHtml({ code: 'NSK01', name: 'Nashik <Centre>', address: '', district: '', taluka: '' }, [
      { paper: { level: 'Mains', category: 'Prime', date: '2027-01-17', startTime: '10:30', reportingTime: '09:45' }, room: 'R1', rows: [{ ...seat(1), name: 'सई <b>', category: 'Prime', photo: null }] },
    ]);
    expect(html).toContain('सई &lt;b&gt;');
    expect(html).toContain('Nashik &lt;Centre&gt;');
    expect(html).not.toContain('<img');
  });
});
