import { createHash } from 'node:crypto';
import type { CandidateDocumentData, CandidateExamSeat } from '../candidates/candidate-directory';
import { candidateDocumentData } from '../candidates/candidate-document-data.fixture';
import { candidateResult } from '../candidates/candidate-result.fixture';
import { VerificationTokens } from '../verification/verification-token';
import { DocumentComposer, TEMPLATE_VERSION } from './document-composer';
import { printEdition2025 as edition } from './print-edition.fixture';

const tokens = new VerificationTokens('a-signing-secret-long-enough-for-the-test');
const composer = new DocumentComposer(edition, tokens, 'https://kbe.example.org');

/** The version as one JSON object of everything printed, hashed: what the cache keys in MinIO were made of. */
function versionOfOneObject(kind: 'hall-ticket' | 'certificate', data: unknown): string {
  const json = JSON.stringify({ template: TEMPLATE_VERSION, kind, edition, data, key: tokens.keyId, base: 'https://kbe.example.org' });
  return createHash('sha256').update(json).digest('hex').slice(0, 24);
}

describe('DocumentComposer.printedData', () => {
  it('prints the exam time for people, in India time', () => {
    const data = composer.printedData('hall-ticket', candidateDocumentData({ examTime: '2025-11-05T10:00:00+05:30' }));
    expect(data).toMatchObject({ examTime: '5 November 2025, 10:00 am IST' });
  });

  it('prints TBA while the exam time is not assigned', () => {
    expect(composer.printedData('hall-ticket', candidateDocumentData({ examTime: null }))).toMatchObject({ examTime: 'TBA' });
    expect(composer.printedData('hall-ticket', candidateDocumentData({ examTime: 'TBA' }))).toMatchObject({ examTime: 'TBA' });
  });
});

/** A seat exams-service allocated, as registration-service answers it (the record's seat number is its roll number). */
const SEAT: CandidateExamSeat = { rollNumber: 'M-21-014-0123-6', room: 'Room 12', centreAddress: 'Gangapur Road, Nashik 422002', date: '2027-01-17', reportingTime: '09:45' };
const seated = (overrides: Partial<CandidateDocumentData> = {}): CandidateDocumentData =>
  candidateDocumentData({ seatNumber: SEAT.rollNumber, center: 'K.T.H.M. College, Nashik', examTime: '2027-01-17T10:30:00+05:30', examSeat: SEAT, ...overrides });

describe('the hall ticket of a candidate with an allocated seat', () => {
  const text = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/g, '');

  it('prints the roll number instead of the seat number, with the centre address, the room and the reporting time for people', async () => {
    const html = text(await composer.html('hall-ticket', seated()));
    expect(html).toContain('<tr><th>Centre</th><td>K.T.H.M. College, Nashik</td></tr>');
    expect(html).toContain('<tr><th>Centre Address</th><td>Gangapur Road, Nashik 422002</td></tr>');
    expect(html).toContain('<tr><th>Roll No.</th><td>M-21-014-0123-6</td></tr>');
    expect(html).toContain('<tr><th>Room</th><td>Room 12</td></tr>');
    expect(html).toContain('<tr><th>Exam Time</th><td>17 January 2027, 10:30 am IST</td></tr>');
    expect(html).toContain('<tr><th>Reporting Time</th><td>17 January 2027, 9:45 am IST</td></tr>');
    expect(html).not.toContain('Seat Number');
  });

  it('prints each of those labels in Marathi with the English beneath', async () => {
    const html = text(await composer.html('hall-ticket', seated({ language: 'mr' })));
    const row = (local: string, english: string, value: string) =>
      `<tr><th><span class="local" lang="mr">${local}</span><span class="en">${english}</span></th><td>${value}</td></tr>`;
    expect(html).toContain(row('परीक्षा केंद्राचा पत्ता', 'Centre Address', 'Gangapur Road, Nashik 422002'));
    expect(html).toContain(row('बैठक क्रमांक', 'Roll No.', 'M-21-014-0123-6'));
    expect(html).toContain(row('परीक्षा कक्ष', 'Room', 'Room 12'));
    expect(html).toContain(row('हजर राहण्याची वेळ', 'Reporting Time', '17 January 2027, 9:45 am IST'));
    expect(html).not.toContain('आसन क्रमांक');
  });

  it('prints TBA for a part of the seat that is missing, and a reporting time that names no time as it is', () => {
    const seat = { ...SEAT, room: ' ', centreAddress: '', reportingTime: 'after the bell' };
    expect(composer.printedData('hall-ticket', seated({ examSeat: seat }))).toMatchObject({
      seat: { rollNumber: 'M-21-014-0123-6', room: 'TBA', centreAddress: 'TBA', reportingTime: 'after the bell' },
    });
  });

  it('names the level a qualified candidate sits now on the hall ticket, and the form\'s stage at Mains', async () => {
    expect(composer.printedData('hall-ticket', candidateDocumentData())).toMatchObject({ stage: 'Mains' });
    expect(composer.printedData('hall-ticket', candidateDocumentData({ level: 'Advanced' }))).toMatchObject({ stage: 'Advanced (District)' });
    expect(text(await composer.html('hall-ticket', candidateDocumentData({ level: 'Super Advanced' })))).toContain('Super Advanced (State)');
  });

  it('prints the seat number an admin typed over the allocated one, as without a seat', () => {
    const data = composer.printedData('hall-ticket', seated({ seatNumber: 'NSK-0042' }));
    expect(data).toMatchObject({ seatNumber: 'NSK-0042' });
    expect(data).not.toHaveProperty('seat');
  });

  it('leaves a hall ticket without a seat as it is: the seat number row, TBA, and no seat in the printed data', async () => {
    const data = composer.printedData('hall-ticket', candidateDocumentData());
    expect(data).not.toHaveProperty('seat');
    expect(data).toMatchObject({ centre: 'TBA', seatNumber: 'TBA', examTime: 'TBA' });
    const html = text(await composer.html('hall-ticket', candidateDocumentData()));
    expect(html).toMatch(/<tr><th>Centre<\/th><td>TBA<\/td><\/tr>\s*<tr><th>Seat Number<\/th><td>TBA<\/td><\/tr>\s*<tr><th>Exam Time<\/th><td>TBA<\/td><\/tr>/);
    expect(html).not.toMatch(/Roll No\.|Centre Address|Room|Reporting Time/);
    const marathi = text(await composer.html('hall-ticket', candidateDocumentData({ language: 'mr' })));
    expect(marathi).toContain('<tr><th><span class="local" lang="mr">आसन क्रमांक</span><span class="en">Seat Number</span></th><td>TBA</td></tr>');
    expect(marathi).not.toContain('बैठक क्रमांक');
  });

  it('makes a changed room, centre address or reporting time a new content version (a new PDF in the cache)', () => {
    const first = composer.contentVersion('hall-ticket', seated());
    const moved = (seat: Partial<CandidateExamSeat>) => seated({ examSeat: { ...SEAT, ...seat } });
    expect(composer.contentVersion('hall-ticket', seated())).toBe(first);
    expect(composer.contentVersion('hall-ticket', moved({ room: 'Room 13' }))).not.toBe(first);
    expect(composer.contentVersion('hall-ticket', moved({ centreAddress: 'College Road, Nashik 422005' }))).not.toBe(first);
    expect(composer.contentVersion('hall-ticket', moved({ reportingTime: '09:30' }))).not.toBe(first);
    expect(composer.contentVersion('hall-ticket', candidateDocumentData())).not.toBe(first);
  });
});

describe('DocumentComposer.contentVersion', () => {
  it('hashes the template, the edition, the printed data, the signing key and the public URL as one JSON object', () => {
    const candidate = candidateDocumentData({ seatNumber: 'NSK-0001' });
    expect(composer.contentVersion('hall-ticket', candidate)).toBe(versionOfOneObject('hall-ticket', composer.printedData('hall-ticket', candidate)));
    expect(composer.contentVersion('certificate', candidate)).toBe(versionOfOneObject('certificate', composer.printedData('certificate', candidate)));
  });

  it('answers the same version for the same record, and a new one for a changed record', () => {
    const candidate = candidateDocumentData();
    const first = composer.contentVersion('hall-ticket', candidate);
    expect(composer.contentVersion('hall-ticket', candidate)).toBe(first);
    expect(composer.contentVersion('hall-ticket', candidateDocumentData())).toBe(first);
    expect(composer.contentVersion('hall-ticket', candidateDocumentData({ seatNumber: 'NSK-0002' }))).not.toBe(first);
    expect(composer.contentVersion('certificate', candidate)).not.toBe(first);
  });

  it('changes with the edition settings', () => {
    const other = new DocumentComposer({ ...edition, signingAuthority: 'Director of Education' }, tokens, 'https://kbe.example.org');
    expect(other.contentVersion('hall-ticket', candidateDocumentData())).not.toBe(composer.contentVersion('hall-ticket', candidateDocumentData()));
  });
});

describe("the documents in the candidate's language", () => {
  const text = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/g, '');

  it('prints a Marathi hall ticket with each label in Marathi and the English beneath, names as entered', async () => {
    const html = text(await composer.html('hall-ticket', candidateDocumentData({ language: 'mr', personalDetails: { fullName: 'आरव पाटील', fatherName: 'Suresh Patil', motherName: 'Meena Patil' } })));
    expect(html).toContain('<p class="doc"><span class="local" lang="mr">प्रवेशपत्र</span><span class="en">Hall Ticket</span></p>');
    expect(html).toContain('<th><span class="local" lang="mr">विद्यार्थ्याचे नाव</span><span class="en">Candidate Name</span></th><td>आरव पाटील</td>');
    expect(html).toContain('<span class="local" lang="mr">वडिलांचे नाव</span><span class="en">Father&#x27;s Name</span>');
    expect(html).toContain('आवृत्ती / Edition 2025');
  });

  it('prints a Hindi certificate with the sentence of participation in Hindi above the English one', async () => {
    const html = text(await composer.html('certificate', candidateDocumentData({ language: 'hi', certificateReleased: true })));
    expect(html).toContain('<span class="local" lang="hi">प्रमाणित किया जाता है कि</span><span class="en">This is to certify that</span>');
    expect(html).toContain('ने KBE Young Scientist Competition 2025 में Sec श्रेणी में Mains स्तर पर भाग लिया।</span><span class="en">took part in the Mains level in the Sec category of the KBE Young Scientist Competition 2025.</span>');
    expect(html).toContain('सहभागिता प्रमाणपत्र');
  });

  it("keeps an English candidate's documents in English only", async () => {
    for (const kind of ['hall-ticket', 'certificate'] as const) {
      const html = text(await composer.html(kind, candidateDocumentData()));
      expect(html).not.toMatch(/class="(local|en)"/);
      expect(html).not.toMatch(/[\u0900-\u097f]/);
    }
    const hallTicket = text(await composer.html('hall-ticket', candidateDocumentData()));
    expect(hallTicket).toContain('<p class="doc">Hall Ticket</p>');
    expect(hallTicket).toContain('<tr><th>Candidate Name</th><td>Aarav Patil</td></tr>');
    const certificate = text(await composer.html('certificate', candidateDocumentData()));
    expect(certificate).toContain('<p class="details">took part in the Mains level in the Sec category</p>');
  });

  it('embeds Noto Sans Devanagari (regular and bold) in the print CSS, after the current font', async () => {
    const html = await composer.html('hall-ticket', candidateDocumentData({ language: 'mr' }));
    const faces = html.match(/@font-face \{ font-family: 'Noto Sans Devanagari'; font-style: normal; font-weight: (400|700);[^}]*src: url\(data:font\/woff2;base64,[A-Za-z0-9+/=]{1000,}\) format\('woff2'\); \}/g);
    expect(faces).toHaveLength(2);
    expect(html).toContain("font-family: 'Noto Sans', 'Noto Sans Devanagari',");
  });

  it('makes a change of language a new content version (a new PDF in the cache)', () => {
    const english = composer.contentVersion('hall-ticket', candidateDocumentData());
    expect(composer.contentVersion('hall-ticket', candidateDocumentData({ language: 'mr' }))).not.toBe(english);
    expect(composer.contentVersion('certificate', candidateDocumentData({ language: 'hi' }))).not.toBe(composer.contentVersion('certificate', candidateDocumentData()));
  });
});

describe('certificates by kind (a published result)', () => {
  const text = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<svg[\s\S]*?<\/svg>/g, '');
  const mains = candidateResult();
  const merit = { kind: 'merit' as const, result: mains };
  const qualifying = { kind: 'qualifying' as const, result: mains };
  const participation = { kind: 'participation' as const, result: mains };
  const year = edition.year;

  it.each([
    ['participation', participation, 'Certificate of Participation', `participated in the Mains level in the Sec category of the KBE Young Scientist Competition ${year}.`],
    ['merit', merit, 'Certificate of Merit', `was awarded the Silver medal, rank 2 in the Sec category, Mains level, of the KBE Young Scientist Competition ${year}.`],
    ['qualifying', qualifying, 'Advanced Qualifying E-Certificate', `qualified at the Mains level in the Sec category for the Advanced level of the KBE Young Scientist Competition ${year}.`],
  ])('prints a %s certificate in English: its title and what was earned', async (_, award, title, sentence) => {
    const html = text(await composer.html('certificate', candidateDocumentData({ results: [mains] }), undefined, award));
    expect(html).toContain(`<p class="doc">${title}</p>`);
    expect(html).toContain(`<p class="details award">${sentence}</p>`);
    expect(html).not.toContain('took part in');
  });

  it('titles a qualifying certificate of the Advanced level after Super Advanced', async () => {
    const advanced = candidateResult({ level: 'Advanced', maxMarks: 150, nextLevel: 'Super Advanced' });
    const html = text(await composer.html('certificate', candidateDocumentData({ results: [advanced] }), undefined, { kind: 'qualifying', result: advanced }));
    expect(html).toContain('<p class="doc">Super Advanced Qualifying E-Certificate</p>');
  });

  it.each([
    ['mr', 'गुणवत्ता प्रमाणपत्र', `यांनी KBE Young Scientist Competition ${year} मध्ये Sec श्रेणीत Mains स्तरावर क्रमांक 2 सह रौप्यपदक मिळवले.`],
    ['hi', 'मेरिट प्रमाणपत्र', `ने KBE Young Scientist Competition ${year} में Sec श्रेणी में Mains स्तर पर रैंक 2 के साथ रजत पदक प्राप्त किया।`],
  ] as const)('prints a merit certificate in %s with the medal and rank in that language, the English beneath', async (language, title, sentence) => {
    const html = text(await composer.html('certificate', candidateDocumentData({ language, results: [mains] }), undefined, merit));
    expect(html).toContain(`<span class="local" lang="${language}">${title}</span><span class="en">Certificate of Merit</span>`);
    expect(html).toContain(`<span class="local" lang="${language}">${sentence}</span><span class="en">was awarded the Silver medal, rank 2`);
  });

  it.each([
    ['mr', 'Advanced पात्रता ई-प्रमाणपत्र', 'Advanced स्तरासाठी पात्रता मिळवली.'],
    ['hi', 'Advanced अर्हता ई-प्रमाणपत्र', 'Advanced स्तर के लिए अर्हता प्राप्त की।'],
  ] as const)('prints a qualifying certificate in %s', async (language, title, ending) => {
    const html = text(await composer.html('certificate', candidateDocumentData({ language, results: [mains] }), undefined, qualifying));
    expect(html).toContain(`<span class="local" lang="${language}">${title}</span>`);
    expect(html).toContain(ending);
  });

  it.each(['mr', 'hi'] as const)('prints a participation certificate in %s with the sentence of participation', async (language) => {
    const html = text(await composer.html('certificate', candidateDocumentData({ language, results: [mains] }), undefined, participation));
    expect(html).toContain(language === 'mr' ? 'Mains स्तरावर सहभाग घेतला.' : 'Mains स्तर पर भाग लिया।');
  });

  it('prints the certificate before results unchanged without an award', async () => {
    const html = text(await composer.html('certificate', candidateDocumentData()));
    expect(html).toContain('<p class="doc">Certificate of Participation</p>');
    expect(html).toContain('took part in the Mains level in the Sec category');
    expect(composer.printedData('certificate', candidateDocumentData())).toEqual({
      language: 'en',
      code: 'KBE123456ABC',
      name: 'Aarav Patil',
      school: 'Nashik Model School',
      category: 'Sec',
      level: 'Mains',
    });
  });

  it('signs the QR link with the kind, level and rank of the award', () => {
    expect(composer.verificationUrl('certificate', 'KBE123456ABC', merit)).toContain(`KBE123456ABC.CMM2.${year}.`);
    expect(composer.verificationUrl('certificate', 'KBE123456ABC', qualifying)).toContain(`KBE123456ABC.CQM.${year}.`);
    expect(composer.verificationUrl('certificate', 'KBE123456ABC')).toContain(`KBE123456ABC.C.${year}.`);
  });

  it('gives each kind its own content version, and a changed result a new one', () => {
    const candidate = candidateDocumentData({ results: [mains] });
    const versions = [merit, qualifying, participation, null].map((award) => composer.contentVersion('certificate', candidate, award));
    expect(new Set(versions).size).toBe(4);
    const changed = candidateDocumentData({ results: [candidateResult({ rank: 1, medal: 'gold' })] });
    expect(composer.contentVersion('certificate', changed, { kind: 'merit', result: changed.results[0] ?? mains })).not.toBe(versions[0]);
  });
});
