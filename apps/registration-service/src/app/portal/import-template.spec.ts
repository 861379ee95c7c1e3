import { candidateRegistrationSchema, PORTAL_IMPORT_COLUMNS } from '@kbe/contracts';
import { validCandidate, validGuardian } from '@kbe/contracts/testing';
import { IMPORT_TEMPLATE_EXAMPLE, importTemplateCsv } from './import-template';

/** `{ a: { b: 1 } }` -> `{ 'a.b': '1' }` */
function flattened(value: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field !== null && typeof field === 'object') Object.assign(out, flattened(field as Record<string, unknown>, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = String(field);
  }
  return out;
}

function nested(row: Record<string, string>): Record<string, unknown> {
  const out: Record<string, Record<string, string> | string> = {};
  for (const [column, value] of Object.entries(row)) {
    const [group, field] = column.split('.');
    if (field) out[group] = { ...(out[group] as Record<string, string> | undefined), [field]: value };
    else out[group] = value;
  }
  return out;
}

describe('the bulk-registration template', () => {
  it("names every field of the registration form as the candidate schema does (the fees flag is the organisers'), then the two files", () => {
    const form = flattened({ ...validCandidate(), guardianDetails: validGuardian(), language: 'en' });
    delete form['feesPaid'];
    expect([...PORTAL_IMPORT_COLUMNS].filter((column) => column !== 'photo' && column !== 'signature').sort()).toEqual(Object.keys(form).sort());
    expect(PORTAL_IMPORT_COLUMNS.slice(-2)).toEqual(['photo', 'signature']);
  });

  it('has an example row that is a valid registration, with the values of the registration fixtures', () => {
    const { photo, signature, ...fields } = IMPORT_TEMPLATE_EXAMPLE;
    expect(candidateRegistrationSchema.safeParse(nested(fields)).success).toBe(true);
    const form = flattened({ ...validCandidate(), guardianDetails: validGuardian(), language: 'en' });
    delete form['feesPaid'];
    expect(fields).toEqual(form);
    expect([photo, signature]).toEqual(['aarav-patil-photo.jpg', 'aarav-patil-signature.jpg']);
  });

  it('is a header and one example row, quoted where a value has a comma', () => {
    const lines = importTemplateCsv().replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0].split(',')).toEqual([...PORTAL_IMPORT_COLUMNS]);
    expect(lines[1]).toContain('"Flat 3, Shanti Apartments"');
  });
});
