import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { PORTAL_RESULTS_PATHS } from '@kbe/contracts/zod-free';

import { MENTOR_SESSION } from './portal-api.testing';
import { renderScreen, screenServer } from './portal-screens.testing';
import { ResultsReport } from './results-report';

const CSV = '\uFEFFcandidate code,name\r\nKBE300001RSA,Aarav Patil\r\nKBE300003RSA,Riya Jadhav\r\n';

describe('the school report of results', () => {
  let saved: string[];
  let savedBlobs: Blob[];
  beforeEach(() => {
    sessionStorage.clear();
    saved = [];
    savedBlobs = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      savedBlobs.push(blob);
      return 'blob:test';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('says plainly that nothing is published yet, and offers no download', async () => {
    const server = screenServer();
    server.fail(404, 'No Mains results are published for your pupils yet');
    await renderScreen(<ResultsReport />, server);
    const empty = await screen.findByTestId('results-empty');
    expect(empty.textContent).toBe('No Mains results are published for your pupils yet. They appear here on the day the results are published.');
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    expect(server.requests[0]).toMatchObject({ url: `${PORTAL_RESULTS_PATHS.reportCsv}?level=Mains`, method: 'GET', authorization: 'Bearer tok-school-1' });
  });

  it('once published: counts the pupils and downloads the CSV and the PDF with the token; a change of level asks again', async () => {
    const server = screenServer();
    server.answerAt(PORTAL_RESULTS_PATHS.reportCsv, 200, CSV, 'text/csv');
    await renderScreen(<ResultsReport />, server);
    expect((await screen.findByTestId('results-count')).textContent).toBe('Mains results of 2 pupils');

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saved).toEqual(['SCH-7KQ2XM_Mains_results.csv']);
    expect(savedBlobs[0]?.type).toBe('text/csv;charset=utf-8');

    server.answerAt(PORTAL_RESULTS_PATHS.reportPdf, 200, '%PDF-1.7 report', 'application/pdf');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    });
    await waitFor(() => expect(saved).toEqual(['SCH-7KQ2XM_Mains_results.csv', 'SCH-7KQ2XM_Mains_results.pdf']));
    expect(server.requests.at(-1)).toMatchObject({ url: `${PORTAL_RESULTS_PATHS.reportPdf}?level=Mains`, authorization: 'Bearer tok-school-1' });
    expect(savedBlobs[1]?.type).toBe('application/pdf');

    server.fail(404, 'No Advanced results are published for your pupils yet');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'Advanced' } });
    });
    expect((await screen.findByTestId('results-empty')).textContent).toContain('No Advanced results are published');
    expect(server.requests.at(-1)?.url).toBe(`${PORTAL_RESULTS_PATHS.reportCsv}?level=Advanced`);
  });

  it("shows the server's sentence when the PDF cannot be made, in the mentor's portal too", async () => {
    const server = screenServer();
    server.answerAt(PORTAL_RESULTS_PATHS.reportCsv, 200, CSV, 'text/csv');
    await renderScreen(<ResultsReport />, server, MENTOR_SESSION);
    await screen.findByTestId('results-count');
    server.fail(503, 'The PDF could not be made just now. Please try again in a moment, or download the CSV.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    });
    expect((await screen.findByTestId('results-pdf-error')).textContent).toBe('The PDF could not be made just now. Please try again in a moment, or download the CSV.');
    expect(saved).toEqual([]);
    expect(server.requests[0]?.authorization).toBe('Bearer tok-mentor-1');
  });
});
