import { clientAddress } from './rate-limit';

describe('clientAddress', () => {
  const request = (forwardedFor?: string) => ({
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: '10.0.0.5' },
  });

  it('takes the address the trusted proxy appended, not what the client wrote before it', () => {
    expect(clientAddress(request('1.1.1.1, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(request('1.1.1.1, 198.51.100.2, 10.0.0.9'), 2)).toBe('198.51.100.2');
  });

  it('falls back to the socket address without the header or without trusted proxies', () => {
    expect(clientAddress(request(), 1)).toBe('10.0.0.5');
    expect(clientAddress(request('203.0.113.7'), 0)).toBe('10.0.0.5');
  });
});
