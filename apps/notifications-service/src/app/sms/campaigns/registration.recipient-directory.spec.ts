import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RegistrationRecipientDirectory } from './registration.recipient-directory';

/** registration-service's internal candidate answer, as a local HTTP server gives it. */
function serve(candidates: Record<string, unknown>): Promise<{ server: Server; url: string; tokens: string[] }> {
  const tokens: string[] = [];
  const server = createServer((request, response) => {
    tokens.push(String(request.headers['x-internal-token']));
    const code = decodeURIComponent(request.url?.split('/').pop() ?? '');
    const data = candidates[code];
    response.writeHead(data ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(data ? { success: true, data } : { statusCode: 404, message: 'Candidate not found' }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tokens })));
}

describe('RegistrationRecipientDirectory.contactOf', () => {
  it("reads a candidate's mobile number and language; English for a record without one or with an unknown one; null when there is none", async () => {
    const { server, url, tokens } = await serve({
      KBE111111AAA: { contactDetails: { phoneNumber: '9876500001' }, language: 'mr' },
      KBE222222BBB: { contactDetails: { phoneNumber: '9876500002' } },
      KBE333333CCC: { contactDetails: {}, language: 'fr' },
    });
    try {
      const directory = new RegistrationRecipientDirectory(url, 'internal-token');
      expect(await directory.contactOf('KBE111111AAA')).toEqual({ phoneNumber: '9876500001', language: 'mr' });
      expect(await directory.contactOf('KBE222222BBB')).toEqual({ phoneNumber: '9876500002', language: 'en' });
      expect(await directory.contactOf('KBE333333CCC')).toEqual({ phoneNumber: '', language: 'en' });
      expect(await directory.contactOf('KBE000000ZZZ')).toBeNull();
      expect(new Set(tokens)).toEqual(new Set(['internal-token']));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
