import { VerificationTokens } from './verification-token';

describe('VerificationTokens', () => {
  const tokens = new VerificationTokens('a'.repeat(64));

  it('signs short tokens that verify to the same claims', () => {
    const token = tokens.sign({ candidateCode: 'KBE123456ABC', kind: 'hall-ticket', edition: 2025 });
    expect(token).toMatch(/^KBE123456ABC\.H\.2025\.[A-Za-z0-9_-]{22}$/);
    expect(tokens.verify(token)).toEqual({ candidateCode: 'KBE123456ABC', kind: 'hall-ticket', edition: 2025 });
    const certificate = tokens.sign({ candidateCode: 'KBE123456ABC', kind: 'certificate', edition: 2025 });
    expect(tokens.verify(certificate)?.kind).toBe('certificate');
  });

  it('refuses any change to the code, kind, edition or MAC, and another key', () => {
    const token = tokens.sign({ candidateCode: 'KBE123456ABC', kind: 'hall-ticket', edition: 2025 });
    const mac = token.split('.')[3] ?? '';
    expect(tokens.verify(token.replace('KBE123456ABC', 'KBE123456ABD'))).toBeNull();
    expect(tokens.verify(token.replace('.H.', '.C.'))).toBeNull();
    expect(tokens.verify(token.replace('.2025.', '.2026.'))).toBeNull();
    expect(tokens.verify(token.replace(mac, `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`))).toBeNull();
    expect(new VerificationTokens('b'.repeat(64)).verify(token)).toBeNull();
    expect(tokens.verify('')).toBeNull();
    expect(tokens.verify('not.a.token')).toBeNull();
  });

  it('names its key without revealing it', () => {
    expect(tokens.keyId).toMatch(/^[0-9a-f]{12}$/);
    expect(tokens.keyId).not.toBe(new VerificationTokens('b'.repeat(64)).keyId);
  });
});
