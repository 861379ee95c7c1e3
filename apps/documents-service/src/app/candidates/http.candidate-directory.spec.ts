import { CandidateDirectoryError } from './candidate-directory';
import { HttpCandidateDirectory } from './http.candidate-directory';

const directory = new HttpCandidateDirectory({ baseUrl: 'http://registration.test', internalToken: 'a-token-of-twenty-four-chars' });

/** registration-service's internal view of a candidate, answered once. */
function answer(data: Record<string, unknown>): void {
  jest.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(JSON.stringify({ success: true, data }), { status: 200 }));
}

const VIEW = {
  candidateCode: 'KBE123456ABC',
  language: 'en',
  personalDetails: { fullName: 'Aarav Patil', fatherName: 'Suresh Patil', motherName: 'Meena Patil' },
  educationalDetails: { schoolName: 'Nashik Model School', standard: '8th', kbeCategory: 'Sec', kbeStageParticipated: 'Mains' },
  feesPaid: true,
  hallTicketReleased: true,
  certificateReleased: false,
  seatNumber: 'M-21-014-0123-6',
  center: 'K.T.H.M. College, Nashik',
  examTime: '2027-01-17T10:30:00+05:30',
};
const SEAT = {
  rollNumber: 'M-21-014-0123-6',
  level: 'Mains',
  centreCode: 'NSK014',
  centreName: 'K.T.H.M. College, Nashik',
  centreAddress: 'Gangapur Road, Nashik 422002',
  room: 'Room 12',
  seatInRoom: 7,
  date: '2027-01-17',
  startTime: '10:30',
  reportingTime: '09:45',
};

afterEach(() => jest.restoreAllMocks());

describe('the seat of a candidate read from registration-service', () => {
  it('keeps what the hall ticket prints of an allocated seat', async () => {
    answer({ ...VIEW, examSeat: SEAT });
    expect((await directory.find('KBE123456ABC'))?.examSeat).toEqual({
      rollNumber: 'M-21-014-0123-6',
      room: 'Room 12',
      centreAddress: 'Gangapur Road, Nashik 422002',
      date: '2027-01-17',
      reportingTime: '09:45',
    });
  });

  it('is null without a seat, and for a seat it cannot print (no roll number, not an object)', async () => {
    for (const examSeat of [null, undefined, 'M-21-014-0123-6', [SEAT], { ...SEAT, rollNumber: '  ' }, { ...SEAT, rollNumber: 42 }]) {
      answer({ ...VIEW, seatNumber: 'TBA', examSeat });
      expect((await directory.find('KBE123456ABC'))?.examSeat).toBeNull();
    }
  });

  it('reads a part of the seat that is not text as blank', async () => {
    answer({ ...VIEW, examSeat: { rollNumber: 'M-21-014-0123-6', room: 12, date: null } });
    expect((await directory.find('KBE123456ABC'))?.examSeat).toEqual({ rollNumber: 'M-21-014-0123-6', room: '', centreAddress: '', date: '', reportingTime: '' });
  });
});

describe('the level and results of a candidate read from registration-service', () => {
  const MAINS = {
    level: 'Mains',
    category: 'Sec',
    rollNumber: 'M-21-014-0123-6',
    score: 88,
    maxMarks: 100,
    absent: false,
    rank: 2,
    medal: 'silver',
    qualified: true,
    nextLevel: 'Advanced',
    publishedAt: '2027-02-10T10:00:00.000Z',
  };

  it('is Mains with no results when registration-service sends neither', async () => {
    answer(VIEW);
    const candidate = await directory.find('KBE123456ABC');
    expect(candidate?.level).toBe('Mains');
    expect(candidate?.results).toEqual([]);
  });

  it('keeps the current level and each published result, in level order', async () => {
    const advanced = { ...MAINS, level: 'Advanced', score: 100, maxMarks: 150, rank: 9, medal: null, qualified: false, nextLevel: null };
    answer({ ...VIEW, level: 'Advanced', results: [advanced, MAINS] });
    const candidate = await directory.find('KBE123456ABC');
    expect(candidate?.level).toBe('Advanced');
    expect(candidate?.results.map((result) => [result.level, result.rank, result.medal])).toEqual([
      ['Mains', 2, 'silver'],
      ['Advanced', 9, null],
    ]);
  });

  it('leaves out a result it cannot read, and reads an unknown level as Mains', async () => {
    answer({ ...VIEW, level: 'Finals', results: [{ ...MAINS, medal: 'platinum' }, 'Mains'] });
    const candidate = await directory.find('KBE123456ABC');
    expect(candidate?.level).toBe('Mains');
    expect(candidate?.results).toEqual([]);
  });
});

describe('what registration-service answers besides a candidate', () => {
  const fetched = (response: Response) => jest.spyOn(globalThis, 'fetch').mockResolvedValueOnce(response);

  it('is null for no such candidate; a CandidateDirectoryError (503) for a refusal, a reply the contract refuses, or no answer', async () => {
    fetched(new Response('{"statusCode":404,"message":"Candidate not found"}', { status: 404 }));
    expect(await directory.find('KBE123456ABC')).toBeNull();
    fetched(new Response('{"statusCode":500,"message":"boom"}', { status: 500 }));
    await expect(directory.find('KBE123456ABC')).rejects.toEqual(new CandidateDirectoryError('registration-service answered 500 for a candidate'));
    answer({ ...VIEW, candidateCode: 42 });
    await expect(directory.find('KBE123456ABC')).rejects.toEqual(new CandidateDirectoryError('registration-service sent a candidate this service cannot read'));
    jest.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(directory.find('KBE123456ABC')).rejects.toEqual(new CandidateDirectoryError('registration-service is not reachable'));
  });

  it('reads a stored image whole, and names the refusal of one there is not', async () => {
    fetched(new Response(Buffer.from('jpeg bytes'), { status: 200, headers: { 'content-type': 'image/jpeg' } }));
    expect((await directory.file('KBE123456ABC', 'photo')).toString()).toBe('jpeg bytes');
    fetched(new Response('{"statusCode":404,"message":"No photo"}', { status: 404 }));
    await expect(directory.file('KBE123456ABC', 'signature')).rejects.toEqual(new CandidateDirectoryError('registration-service answered 404 for the signature'));
  });
});
