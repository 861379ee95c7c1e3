import { checkCsvCentre } from './centre-import.check';
import { readCentreCsv, sittingsOf, type CsvCentre } from './centre-csv.reader';

/** The one centre of a sheet. */
function onlyCentre(csv: string): CsvCentre {
  const [centre] = readCentreCsv(csv);
  if (!centre) throw new Error('no centre read');
  return centre;
}

const HEADER = 'code,name,address,district,taluka,contact,room,capacity,sittings';

describe('readCentreCsv: CSV lines -> centres', () => {
  it('groups the lines of a centre by code (any case) into its rooms, in order, with their lines', () => {
    const centres = readCentreCsv(
      [
        HEADER,
        'NSK01,Nashik,Road,Nashik,Niphad,9876543210,R1,30,Mains|Prime|2026-01-18|10:30|09:30',
        'PUN01,Pune,Road,Pune,Haveli,9876543211,Hall,100,',
        'nsk01,Nashik,Road,Nashik,Niphad,9876543210,R2,40,Mains|Prime|2026-01-18|10:30|09:30',
      ].join('\n'),
    );
    expect(centres).toHaveLength(2);
    expect(centres[0]).toMatchObject({
      line: 2,
      roomLines: [2, 4],
      problems: [],
      input: { code: 'NSK01', rooms: [{ name: 'R1', capacity: 30 }, { name: 'R2', capacity: 40 }], sittings: [{ level: 'Mains', category: 'Prime' }] },
    });
    expect(centres[1]).toMatchObject({ line: 3, roomLines: [3], input: { code: 'PUN01', sittings: [] } });
  });

  it('accepts the columns in any order and any case', () => {
    const [centre] = readCentreCsv('Room,Capacity,Code,Name,Address,District,Taluka,Contact,Sittings\nR1,5,ABC1,N,A,D,T,9876543210,\n');
    expect(centre?.input).toMatchObject({ code: 'ABC1', rooms: [{ name: 'R1', capacity: 5 }] });
  });

  it('reports a detail that differs from the centre\'s first line on the later line', () => {
    const [centre] = readCentreCsv(`${HEADER}\nNSK01,A,Road,Nashik,Niphad,9876543210,R1,30,\nNSK01,B,Road,Nashik,Niphad,9876543210,R2,30,\n`);
    expect(centre?.problems).toEqual([{ line: 3, field: 'name', message: 'Centre name differs from line 2 of centre NSK01' }]);
  });

  it('keeps a line without a code apart, so the contract reports its code', () => {
    const centres = readCentreCsv(`${HEADER}\n,A,Road,Nashik,Niphad,9876543210,R1,30,\n,B,Road,Nashik,Niphad,9876543210,R1,30,\n`);
    expect(centres.map((centre) => centre.line)).toEqual([2, 3]);
  });

  it('refuses a header that is not the columns, and a file without rooms', () => {
    expect(() => readCentreCsv('code,name,extra\n')).toThrow(/missing address, district, taluka, contact, room, capacity, sittings; unknown or repeated extra/);
    expect(() => readCentreCsv(`${HEADER}\n`)).toThrow('The CSV has no centres');
  });
});

describe('sittingsOf: the sittings cell', () => {
  it('reads each sitting, its rooms when given', () => {
    expect(sittingsOf('Mains|Prime|2026-01-18|10:30|09:30, Advanced|High|2026-02-01|14:00|13:00|R1; R2', 2)).toEqual({
      sittings: [
        { level: 'Mains', category: 'Prime', date: '2026-01-18', startTime: '10:30', reportingTime: '09:30' },
        { level: 'Advanced', category: 'High', date: '2026-02-01', startTime: '14:00', reportingTime: '13:00', rooms: ['R1', 'R2'] },
      ],
      problems: [],
    });
  });

  it('reports a sitting with too few or too many parts', () => {
    expect(sittingsOf('Mains|Prime', 7).problems).toEqual([
      { line: 7, field: 'sittings', message: 'Sitting 1 must be written level|category|date|startTime|reportingTime[|room;room]' },
    ]);
  });

  it('an empty cell is no sitting', () => {
    expect(sittingsOf('', 2)).toEqual({ sittings: [], problems: [] });
  });
});

describe('checkCsvCentre: the contract\'s messages by line and column', () => {
  it('puts a room\'s problem on the room\'s line, a sitting\'s on the centre\'s first line', () => {
    const centre = onlyCentre(
      [
        HEADER,
        'NSK01,Nashik,Road,Nashik,Niphad,9876543210,R1,30,Mains|Prime|2026-01-18|25:00|09:30',
        'NSK01,Nashik,Road,Nashik,Niphad,9876543210,R2,501,Mains|Prime|2026-01-18|25:00|09:30',
      ].join('\n'),
    );
    expect(checkCsvCentre(centre).problems).toEqual([
      { line: 2, field: 'sittings', message: 'Sitting 1: Start time must be a time like 10:30 (24-hour)' },
      { line: 3, field: 'capacity', message: 'Capacity must be at most 500' },
    ]);
  });

  it('answers the centre, upper-cased and trimmed, when it is valid', () => {
    const centre = onlyCentre(`${HEADER}\nnsk01 , Nashik ,Road,Nashik,Niphad,9876543210,R1,30,\n`);
    expect(checkCsvCentre(centre).centre).toMatchObject({ code: 'NSK01', name: 'Nashik', rooms: [{ name: 'R1', capacity: 30 }], sittings: [] });
  });
});
