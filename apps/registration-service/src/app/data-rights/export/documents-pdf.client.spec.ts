import { ServiceUnavailableException } from '@nestjs/common';
import type { CandidateDataExport } from '@kbe/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RegistrationConfig } from '../../registration.config';
import { DocumentsPdfClient, PDF_UNAVAILABLE } from './documents-pdf.client';

describe('DocumentsPdfClient', () => {
  let server: Server;
  let url: string;
  let answer: [number, string] = [200, '%PDF-1.7 export'];
  const received: { url?: string; token?: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ url: request.url, token: request.headers['x-internal-token'] as string, body });
        response.writeHead(answer[0], { 'content-type': answer[0] === 200 ? 'application/pdf' : 'application/json' }).end(answer[1]);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = (base = url) => new DocumentsPdfClient({ DOCUMENTS_SERVICE_URL: base, INTERNAL_API_TOKEN: 'token' } as RegistrationConfig);
  const data = { candidateCode: 'KBE123456ABC' } as CandidateDataExport;

  it("posts the export to documents-service's internal endpoint and answers the PDF's bytes", async () => {
    answer = [200, '%PDF-1.7 export'];
    expect((await client().dataExportPdf(data)).toString()).toBe('%PDF-1.7 export');
    expect(received.at(-1)).toEqual({ url: '/internal/documents/data-export.pdf', token: 'token', body: JSON.stringify(data) });
  });

  it('answers 503 with its message when documents-service refuses or cannot be reached', async () => {
    answer = [500, '{"statusCode":500,"message":"Chromium crashed"}'];
    await expect(client().dataExportPdf(data)).rejects.toEqual(new ServiceUnavailableException(PDF_UNAVAILABLE));
    await expect(client('http://127.0.0.1:9').dataExportPdf(data)).rejects.toEqual(new ServiceUnavailableException(PDF_UNAVAILABLE));
  });
});
