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

describe('VerificationTokens of a certificate of a published result', () => {
  const tokens = new VerificationTokens('a'.repeat(64));
  const certificate = { candidateCode: 'KBE123456ABC', kind: 'certificate' as const, edition: 2027 };

  it('carries the kind, the level and the rank of a merit certificate, and verifies to them', () => {
    const merit = tokens.sign({ ...certificate, award: { kind: 'merit', level: 'Advanced', rank: 2 } });
    expect(merit).toMatch(/^KBE123456ABC\.CMA2\.2027\.[A-Za-z0-9_-]{22}$/);
    expect(tokens.verify(merit)).toEqual({ ...certificate, award: { kind: 'merit', level: 'Advanced', rank: 2 } });
  });

  it.each([
    ['participation', 'Mains', 'CPM'],
    ['qualifying', 'Advanced', 'CQA'],
    ['participation', 'Super Advanced', 'CPS'],
  ] as const)('signs a %s certificate of the %s level as %s, without a rank', (kind, level, code) => {
    const token = tokens.sign({ ...certificate, award: { kind, level, rank: null } });
    expect(token.split('.')[1]).toBe(code);
    expect(tokens.verify(token)).toEqual({ ...certificate, award: { kind, level, rank: null } });
  });

  it('keeps tokens without an award valid, as before results', () => {
    const old = tokens.sign(certificate);
    expect(old).toMatch(/^KBE123456ABC\.C\.2027\./);
    expect(tokens.verify(old)).toEqual(certificate);
  });

  it('refuses a changed kind, level or rank, and a rank on any kind but merit', () => {
    const merit = tokens.sign({ ...certificate, award: { kind: 'merit', level: 'Advanced', rank: 2 } });
    expect(tokens.verify(merit.replace('.CMA2.', '.CMA1.'))).toBeNull();
    expect(tokens.verify(merit.replace('.CMA2.', '.CMS2.'))).toBeNull();
    expect(tokens.verify(merit.replace('.CMA2.', '.CQA.'))).toBeNull();
    expect(tokens.verify(merit.replace('.CMA2.', '.C.'))).toBeNull();
    const body = 'KBE123456ABC.CPA3.2027';
    const forged = `${body}.${(tokens as unknown as { mac(body: string): string }).mac(body)}`;
    expect(tokens.verify(forged)).toBeNull();
    expect(() => tokens.sign({ ...certificate, award: { kind: 'merit', level: 'Mains', rank: null } })).toThrow('rank');
  });
});
