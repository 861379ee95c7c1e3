import { fireEvent, screen, waitFor } from '@testing-library/react';

import { createFakeAdminServer, pagination, renderAdmin } from '../fake-admin-server.testing';
import { RankedResults } from './ranked-results';
import { rankedResult } from './results.testing';

const REPORT_PDF = '/api/admin/results/Mains/report.pdf';

describe("the results tab's school report", () => {
  let saved: { name: string; type: string }[];
  beforeEach(() => {
    saved = [];
    let last: Blob | null = null;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      last = blob;
      return 'blob:test';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: last?.type ?? '' });
    });
  });
  afterEach(() => jest.restoreAllMocks());

  function setup() {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/results/Mains/candidates', (r) => ({ status: 200, body: { success: true, data: [rankedResult(1)], pagination: pagination(1, Number(r.query.get('page') ?? 1), 25) } }));
    renderAdmin(<RankedResults level="Mains" />, { server, user: { username: 'asha', role: 'viewer' } });
    return server;
  }

  it('downloads the PDF beside the CSV, for the school code given', async () => {
    const server = setup();
    server.on(`GET ${REPORT_PDF}`, () => ({ status: 200, body: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } }));
    fireEvent.change(await screen.findByLabelText('School code'), { target: { value: ' sch-nsk4p2 ' } });
    expect(screen.getByRole('button', { name: 'Download school report (CSV)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download school report (PDF)' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'results-mains-SCH-NSK4P2.pdf', type: 'application/pdf' }]));
    expect(server.calls('GET', REPORT_PDF)[0]?.query.get('school')).toBe('SCH-NSK4P2');
  });

  it("asks for the school code first, and shows the server's reason when there is no report", async () => {
    const server = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Download school report (PDF)' }));
    expect(await screen.findByText('Enter the school code, e.g. SCH-AB2CD3')).toBeTruthy();
    expect(server.calls('GET', REPORT_PDF)).toEqual([]);

    server.on(`GET ${REPORT_PDF}`, () => ({ status: 404, body: { statusCode: 404, message: 'School SCH-ZZZZ22 has no candidate in the Mains results' } }));
    fireEvent.change(screen.getByLabelText('School code'), { target: { value: 'SCH-ZZZZ22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download school report (PDF)' }));
    expect(await screen.findByText('School SCH-ZZZZ22 has no candidate in the Mains results')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
