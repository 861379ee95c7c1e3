import { candidateDataExportSchema } from '@kbe/contracts';
import { parseRequest } from '@kbe/server-bootstrap';
import { candidateDataExport } from './candidate-data-export.fixture';
import { DataExportComposer, labelOf, NOTHING, registrationGroups, valueText } from './data-export.composer';
import { dataExportRequestSchema } from './data-export.requests';

const text = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('DataExportComposer', () => {
  const composer = new DataExportComposer();

  it('turns stored keys into words', () => {
    expect(labelOf('personalDetails')).toBe('Personal details');
    expect(labelOf('fullName')).toBe('Full name');
    expect(labelOf('kbeCategory')).toBe('KBE category');
    expect(labelOf('udise_code')).toBe('UDISE code');
    expect(labelOf('PIN')).toBe('PIN');
  });

  it('shows values as people read them', () => {
    expect(valueText(true)).toBe('Yes');
    expect(valueText(false)).toBe('No');
    expect(valueText('')).toBe(NOTHING);
    expect(valueText(null)).toBe(NOTHING);
    expect(valueText(['Marathi', 'Hindi'])).toBe('Marathi, Hindi');
    expect(valueText({ name: 'Sunita', relation: 'Aunt' })).toBe('Name: Sunita; Relation: Aunt');
  });

  it('lays the registration out as labelled tables: loose fields first, then one per group, nested groups flattened', () => {
    const groups = registrationGroups({
      mentorCode: 'MEN1',
      guardianDetails: null,
      personalDetails: { fullName: 'Aarav', address: { village: 'Ozar' } },
      orphanDetails: {},
    });
    expect(groups).toEqual([
      { title: 'General', rows: [{ label: 'Mentor code', value: 'MEN1' }, { label: 'Guardian details', value: NOTHING }] },
      { title: 'Personal details', rows: [{ label: 'Full name', value: 'Aarav' }, { label: 'Address – Village', value: 'Ozar' }] },
      { title: 'Orphan details', rows: [{ label: 'Orphan details', value: NOTHING }] },
    ]);
  });

  it('summarises a record nested deeper than any registration', () => {
    let deep: Record<string, unknown> = { leaf: 'x' };
    for (let i = 0; i < 10_000; i++) deep = { deeper: deep };
    expect(() => registrationGroups({ group: deep })).not.toThrow();
  });

  it('prints every section, dates in India time, the photo inline and the erased signature as erased', () => {
    const html = composer.html(candidateDataExport());
    const printed = text(html);
    expect(printed).toContain('Data held about candidate KBE123456ABC');
    expect(printed).toContain('Generated on 10 January 2026, 3:30 pm IST');
    expect(printed).toContain('Registered on 1 September 2025, 10:00 am IST');
    for (const heading of ['Registration', 'Personal details', 'Educational details', "The organisers' record", 'Photo and signature', 'Consent', 'Requests', 'Kept elsewhere']) {
      expect(printed).toContain(heading);
    }
    expect(printed).toContain('Full name आरव पाटील');
    expect(printed).toContain('KBE category Sec');
    expect(printed).toContain('Exam time 5 November 2025, 10:00 am IST');
    expect(printed).toContain('Notice language मराठी');
    expect(printed).toContain('DR000123 Correction');
    expect(printed).toContain('admin.meera, 2 December 2025, 12:30 pm IST');
    expect(printed).toContain('Backups: overwritten in turn.');
    // Escaped like every value ('=' as &#x3D;), which the page reads back as the same data: URL.
    expect(html).toContain('<img src="data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ&#x3D;&#x3D;" alt="Photo of the candidate">');
    expect(html).toMatch(/<div class="box signature">Erased<\/div>/);
  });

  it('says so when there are no requests and nothing kept elsewhere', () => {
    const printed = text(composer.html(candidateDataExport({ requests: [], elsewhere: [] })));
    expect(printed).toContain('No requests.');
    expect(printed).toContain('Nowhere else.');
  });

  it('escapes every value, keys included', () => {
    const html = composer.html(
      candidateDataExport({
        registration: { '<b>key</b>': '<script>alert(1)</script>', personalDetails: { fullName: '"><img src=x onerror=alert(1)>' } },
        elsewhere: ['<iframe src="file:///etc/passwd">'],
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('the data export request', () => {
  const fieldsOf = (body: unknown) => {
    try {
      parseRequest(dataExportRequestSchema, body);
      return [];
    } catch (error) {
      return (error as { errors: { field: string; message: string }[] }).errors;
    }
  };

  it('takes what registration-service sends (the contract)', () => {
    const data = candidateDataExport();
    expect(candidateDataExportSchema.parse(data)).toEqual(data);
    expect(fieldsOf(data)).toEqual([]);
  });

  it('names the field of a malformed value', () => {
    const data = candidateDataExport();
    expect(fieldsOf({ ...data, organiserRecord: { ...data.organiserRecord, feesPaid: 'yes' } })).toEqual([
      { field: 'organiserRecord.feesPaid', message: expect.stringContaining('expected boolean') },
    ]);
    expect(fieldsOf({ ...data, candidateCode: 'KBE1"; x' })).toEqual([{ field: 'candidateCode', message: 'must look like KBE123456ABC' }]);
    expect(fieldsOf({ ...data, extra: true })).toEqual([{ field: 'body', message: expect.stringContaining('extra') }]);
  });

  it('takes images only as data: URLs, so the page loads nothing', () => {
    const data = candidateDataExport();
    for (const photo of ['file:///etc/passwd', 'http://169.254.169.254/latest', 'data:text/html;base64,PHNjcmlwdD4=', 'data:image/svg+xml;base64,PHN2Zz4=']) {
      expect(fieldsOf({ ...data, files: { photo, signature: null } })).toEqual([
        { field: 'files.photo', message: 'must be a data:image/jpeg or data:image/png URL in base64, or null when erased' },
      ]);
    }
  });
});
