import { CANDIDATE_CODE_PATTERN } from './registration-code.util';
import { SMS_TEMPLATES } from './sms-api.schema';
import { SMS_SAMPLE_CANDIDATE_CODE, fillSmsPlaceholders } from './sms-text.util';

describe('fillSmsPlaceholders', () => {
  it('fills every placeholder it is given a value for', () => {
    expect(fillSmsPlaceholders('ID {candidateCode}; again {candidateCode}', { candidateCode: 'KBE123456ABC' })).toBe('ID KBE123456ABC; again KBE123456ABC');
    expect(fillSmsPlaceholders(SMS_TEMPLATES.status, { candidateCode: 'KBE123456ABC', portalUrl: 'https://kbe.example.org' })).toBe(
      'KBE Young Scientist: registration KBE123456ABC is confirmed. Check your status at https://kbe.example.org',
    );
  });

  it('leaves a placeholder without a value, and an empty value empties it', () => {
    expect(fillSmsPlaceholders(SMS_TEMPLATES.status, { portalUrl: 'https://kbe.example.org' })).toContain('registration {candidateCode} is');
    expect(fillSmsPlaceholders('Hello {candidateCode}.', { candidateCode: '' })).toBe('Hello .');
  });

  it('inserts values literally ($ signs are not replacement patterns) and ignores unknown braces', () => {
    expect(fillSmsPlaceholders('{portalUrl}', { portalUrl: 'https://x.example/$&$1' })).toBe('https://x.example/$&$1');
    expect(fillSmsPlaceholders('{name} {candidateCode}', { candidateCode: 'KBE123456ABC' })).toBe('{name} KBE123456ABC');
  });

  it('previews with a code of the real shape', () => {
    expect(SMS_SAMPLE_CANDIDATE_CODE).toMatch(CANDIDATE_CODE_PATTERN);
  });
});
