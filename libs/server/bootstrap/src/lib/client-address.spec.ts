import { clientAddress, type ForwardedRequest } from './client-address';

const CLIENT = '203.0.113.7';
const PROXIES = ['10.0.0.1', '10.0.0.2', '10.0.0.3'];

/**
 * The request as the service receives it when `client` sends it with `header` as its own
 * X-Forwarded-For through `proxies` (outermost first), each appending its peer's address.
 */
function arriving(client: string, proxies: string[], header?: string): ForwardedRequest {
  const entries = header === undefined ? [] : [header];
  let peer = client;
  for (const proxy of proxies) {
    entries.push(peer);
    peer = proxy;
  }
  return { headers: entries.length > 0 ? { 'x-forwarded-for': entries.join(', ') } : {}, socket: { remoteAddress: peer } };
}

const request = (forwardedFor: unknown, remoteAddress?: string): ForwardedRequest => ({
  headers: { 'x-forwarded-for': forwardedFor },
  socket: { remoteAddress },
});

describe('clientAddress', () => {
  it.each([0, 1, 2, 3])('finds the client behind %i trusted proxies', (hops) => {
    expect(clientAddress(arriving(CLIENT, PROXIES.slice(0, hops)), hops)).toBe(CLIENT);
  });

  it.each([1, 2, 3])('is not fooled by what the client writes in X-Forwarded-For itself, behind %i proxies', (hops) => {
    for (const forged of ['6.6.6.6', '6.6.6.6, 7.7.7.7', '6.6.6.6, 7.7.7.7, 8.8.8.8, 9.9.9.9', '6.6.6.6,', ', 6.6.6.6', 'garbage', '']) {
      expect(clientAddress(arriving(CLIENT, PROXIES.slice(0, hops), forged), hops)).toBe(CLIENT);
    }
  });

  it('takes the socket address without trusted proxies, whatever the header says', () => {
    expect(clientAddress(arriving(CLIENT, [], '6.6.6.6'), 0)).toBe(CLIENT);
    expect(clientAddress(request('198.51.100.2, 10.0.0.9', '10.0.0.5'), 0)).toBe('10.0.0.5');
  });

  it('takes the left-most entry when the request came through fewer proxies than trusted', () => {
    expect(clientAddress(arriving(CLIENT, PROXIES.slice(1, 2)), 2)).toBe(CLIENT);
    expect(clientAddress(arriving(CLIENT, PROXIES.slice(1, 3)), 3)).toBe(CLIENT);
    expect(clientAddress(arriving(CLIENT, []), 1)).toBe(CLIENT);
    expect(clientAddress(arriving(CLIENT, []), 3)).toBe(CLIENT);
  });

  it('reads several X-Forwarded-For headers in their order', () => {
    expect(clientAddress(request(['6.6.6.6', `${CLIENT}, 10.0.0.1`], '10.0.0.2'), 2)).toBe(CLIENT);
    expect(clientAddress(request(['6.6.6.6, 7.7.7.7', CLIENT], '10.0.0.1'), 1)).toBe(CLIENT);
    expect(clientAddress(request(['6.6.6.6', '', 42, CLIENT], '10.0.0.1'), 1)).toBe(CLIENT);
  });

  it('reads entries with blanks, ports and brackets', () => {
    expect(clientAddress(request(` 6.6.6.6 ,\t${CLIENT}:51234 ,10.0.0.1`, '10.0.0.2'), 2)).toBe(CLIENT);
    expect(clientAddress(request('[2001:db8::7]:443', '10.0.0.1'), 1)).toBe('2001:db8::7');
    expect(clientAddress(request('[2001:db8::7]', '10.0.0.1'), 1)).toBe('2001:db8::7');
  });

  it('gives IPv6 addresses one spelling and IPv4-mapped ones as IPv4', () => {
    expect(clientAddress(arriving('2001:DB8:0:0::7', ['2001:db8::1']), 1)).toBe('2001:db8::7');
    expect(clientAddress(arriving('2001:db8::7', ['2001:db8::1', '2001:db8::2']), 2)).toBe('2001:db8::7');
    expect(clientAddress(request(undefined, `::ffff:${CLIENT}`), 0)).toBe(CLIENT);
    expect(clientAddress(request(`::FFFF:${CLIENT}`, '::ffff:10.0.0.1'), 1)).toBe(CLIENT);
    expect(clientAddress(request('0:0:0:0:0:ffff:cb00:7107', '::1'), 1)).toBe(CLIENT);
    expect(clientAddress(request(undefined, '::1'), 0)).toBe('::1');
    expect(clientAddress(request(undefined, 'fe80::1%eth0'), 0)).toBe('fe80::1%eth0');
  });

  it('skips an unreadable entry towards the service, never towards the client', () => {
    for (const unreadable of ['', 'unknown', '_hidden', '1.2.3', '<script>', '999.1.1.1', '::ffff:1.2.3.4:80']) {
      expect(clientAddress(request(`6.6.6.6, ${unreadable}, 10.0.0.1`, '10.0.0.2'), 2)).toBe('10.0.0.1');
      expect(clientAddress(request(`6.6.6.6, ${unreadable}`, '10.0.0.1'), 1)).toBe('10.0.0.1');
    }
    expect(clientAddress(request('6.6.6.6, unknown', 'not an address'), 1)).toBe('unknown');
  });

  it('answers without a socket address', () => {
    expect(clientAddress({ headers: {} }, 0)).toBe('unknown');
    expect(clientAddress({ headers: {} }, 2)).toBe('unknown');
    expect(clientAddress(request('6.6.6.6'), 0)).toBe('unknown');
    expect(clientAddress(request(`6.6.6.6, ${CLIENT}`), 1)).toBe(CLIENT);
    expect(clientAddress(request(`6.6.6.6, ${CLIENT}, 10.0.0.1`), 2)).toBe(CLIENT);
  });

  it('ignores a header that is not text', () => {
    expect(clientAddress(request({ toString: () => '6.6.6.6' }, '10.0.0.5'), 1)).toBe('10.0.0.5');
    expect(clientAddress(request(null, '10.0.0.5'), 1)).toBe('10.0.0.5');
  });
});
