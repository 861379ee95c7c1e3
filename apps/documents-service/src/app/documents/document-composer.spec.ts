import { createHash } from 'node:crypto';
import { candidateDocumentData } from '../candidates/candidate-document-data.fixture';
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
