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
