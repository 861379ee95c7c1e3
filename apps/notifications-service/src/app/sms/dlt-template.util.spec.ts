import { matchesDltTemplate } from './dlt-template.util';

describe('matchesDltTemplate', () => {
  const template = 'Dear candidate, your KBE hall ticket is released. Download it at {#var#} with ID {#var#}. KBE';

  it('accepts the template with its variables filled', () => {
    expect(matchesDltTemplate(template, 'Dear candidate, your KBE hall ticket is released. Download it at kbe.example.org with ID KBE123456ABC. KBE')).toBe(true);
  });

  it('rejects changed fixed text, empty or over-long variables', () => {
    expect(matchesDltTemplate(template, 'Dear student, your KBE hall ticket is released. Download it at x with ID y. KBE')).toBe(false);
    expect(matchesDltTemplate(template, 'Dear candidate, your KBE hall ticket is released. Download it at  with ID y. KBE')).toBe(false);
    expect(matchesDltTemplate(template, `Dear candidate, your KBE hall ticket is released. Download it at ${'x'.repeat(31)} with ID y. KBE`)).toBe(false);
  });

  it('treats regex characters in the template literally', () => {
    expect(matchesDltTemplate('Fee (Rs.) {#var#}?', 'Fee (Rs.) 270?')).toBe(true);
    expect(matchesDltTemplate('Fee (Rs.) {#var#}?', 'Fee XRsX 270')).toBe(false);
  });
});
