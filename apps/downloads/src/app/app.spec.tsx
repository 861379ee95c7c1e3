import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createHttpClient } from '@kbe/api-client';
import { Toaster } from '@kbe/ui';
import App from './app';
import { createDownloadsApi } from './downloads-api';

/** A scripted `fetch`: records requests, answers JSON or a PDF (jsdom has no Response class). */
function fakeServer() {
  const requests: Array<{ url: string; method: string; body: unknown }> = [];
  const answers: Array<{ status: number; body: unknown; pdf?: boolean }> = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push({ url: String(input), method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    const type = answer.pdf ? 'application/pdf' : 'application/json';
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) },
      text: async () => JSON.stringify(answer.body),
      blob: async () => new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }),
    } as unknown as Response;
  }) as typeof globalThis.fetch;
  return { fetch, requests, answer: (status: number, body: unknown, pdf = false) => answers.push({ status, body, pdf }) };
}

const CANDIDATE = {
  candidateCode: 'KBE123456ABC',
  fullName: 'Aarav Patil',
  fatherName: 'Suresh Patil',
  phoneNumber: '******1234',
  maskedPhoneNumber: '******1234',
  hallTicketReleased: true,
  certificateReleased: false,
  personalDetails: { fullName: 'Aarav Patil', fatherName: 'Suresh Patil' },
  contactDetails: { phoneNumber: '******1234' },
};

function renderPage(search = '') {
  const server = fakeServer();
  render(
    <>
      <App api={createDownloadsApi(createHttpClient({ fetch: server.fetch }))} search={search} />
      <Toaster />
    </>,
  );
  return server;
}

const numberInput = () => screen.getByLabelText('Registration Number') as HTMLInputElement;
const toastRegion = () => screen.getByRole('region', { name: /notifications/i });

async function searchFor(server: ReturnType<typeof fakeServer>, code = 'kbe123456abc') {
  server.answer(200, { success: true, data: CANDIDATE });
  fireEvent.change(numberInput(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Search Candidate' }));
  await screen.findByRole('button', { name: 'Verify & Download' });
}

describe('downloads remote', () => {
  let clicked: string[];
  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = jest.fn(() => 'blob:test');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('starts at the search step: upper-case input of at most 20, Hall Ticket chosen, help tips', () => {
    renderPage();
    expect(screen.getByTestId('remote-downloads')).toBeTruthy();
    fireEvent.change(numberInput(), { target: { value: 'kbe12' } });
    expect(numberInput().value).toBe('KBE12');
    expect(numberInput().maxLength).toBe(20);
    expect(numberInput().placeholder).toMatch(/^KBE\d+$/);
    expect((screen.getByLabelText('Hall Ticket') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Certificate') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/mother's name must match exactly/i)).toBeTruthy();
    expect(screen.getByText(/only after their official release/i)).toBeTruthy();
    expect(screen.getByText(/contact the examination authority/i)).toBeTruthy();
  });

  it('refuses an empty number with the Validation Error toast and sends nothing', async () => {
    const server = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Search Candidate' }));
    expect(await within(toastRegion()).findByText('Validation Error')).toBeTruthy();
    expect(within(toastRegion()).getByText('Please enter your candidate registration number')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('shows the server message of a failed search', async () => {
    const server = renderPage();
    server.answer(404, { statusCode: 404, message: 'Candidate not found' });
    fireEvent.change(numberInput(), { target: { value: 'KBE000000AAA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search Candidate' }));
    expect(await within(toastRegion()).findByText('Search Failed')).toBeTruthy();
    expect(within(toastRegion()).getByText('Candidate not found')).toBeTruthy();
    expect(numberInput().value).toBe('KBE000000AAA');
  });

  it('verify step: details, availability cards, mother name required', async () => {
    const server = renderPage();
    await searchFor(server);
    expect(server.requests[0]?.url).toBe('/api/candidates/search/KBE123456ABC');
    const details = screen.getByTestId('candidate-details');
    expect(within(details).getByText('Aarav Patil')).toBeTruthy();
    expect(within(details).getByText('Suresh Patil')).toBeTruthy();
    expect(within(details).getByText('KBE123456ABC')).toBeTruthy();
    expect(within(details).getByText('******1234')).toBeTruthy();
    expect(within(screen.getByTestId('availability-hall-ticket')).getByText('Available')).toBeTruthy();
    expect(within(screen.getByTestId('availability-certificate')).getByText('Not Released')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Download' }));
    expect(await within(toastRegion()).findByText('Verification Required')).toBeTruthy();
    expect(server.requests).toHaveLength(1);
  });

  it('links to the parental-consent page while consent is pending, and not once it is given', async () => {
    const server = renderPage();
    server.answer(200, { success: true, data: { ...CANDIDATE, consentStatus: 'pending' } });
    fireEvent.change(numberInput(), { target: { value: 'KBE123456ABC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search Candidate' }));
    const pending = await screen.findByTestId('consent-pending');
    expect(within(pending).getByRole('link', { name: 'Give parental consent' }).getAttribute('href')).toBe('/einstein-quest/parental-consent/KBE123456ABC');
    fireEvent.click(screen.getByRole('button', { name: 'Back to Search' }));
    server.answer(200, { success: true, data: { ...CANDIDATE, consentStatus: 'given' } });
    fireEvent.change(numberInput(), { target: { value: 'KBE123456ABC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search Candidate' }));
    await screen.findByRole('button', { name: 'Verify & Download' });
    expect(screen.queryByTestId('consent-pending')).toBeNull();
  });

  it('sends the trimmed name and shows the server verdict, keeping what was typed', async () => {
    const server = renderPage();
    await searchFor(server);
    server.answer(403, { statusCode: 403, message: "Mother's name does not match our records. Please check and try again." });
    fireEvent.change(screen.getByLabelText("Mother's Name"), { target: { value: '  Wrong Name ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Download' }));
    expect(await within(toastRegion()).findByText('Verification Failed')).toBeTruthy();
    expect(server.requests[1]).toEqual({
      url: '/api/candidates/KBE123456ABC/download/hall-ticket',
      method: 'POST',
      body: { motherName: 'Wrong Name' },
    });
    expect((screen.getByLabelText("Mother's Name") as HTMLInputElement).value).toBe('  Wrong Name ');
  });

  it('says when to try again after too many attempts', async () => {
    const server = renderPage();
    await searchFor(server);
    server.answer(429, { statusCode: 429, message: 'Too many failed attempts. Please try again in 15 minutes.' });
    fireEvent.change(screen.getByLabelText("Mother's Name"), { target: { value: 'Meena' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Download' }));
    expect(await within(toastRegion()).findByText('Too Many Attempts')).toBeTruthy();
    expect(screen.getByTestId('retry-notice').textContent).toContain('Please try again in 15 minutes.');
  });

  it('shows the not-released text of the chosen document', async () => {
    const server = renderPage();
    fireEvent.click(screen.getByLabelText('Certificate'));
    await searchFor(server);
    server.answer(409, { statusCode: 409, message: 'Your certificate has not been released yet. Please check back later.' });
    fireEvent.change(screen.getByLabelText("Mother's Name"), { target: { value: 'Meena Patil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Download' }));
    expect(await within(toastRegion()).findByText('Certificate Not Available')).toBeTruthy();
    expect(server.requests[1]?.url).toBe('/api/candidates/KBE123456ABC/download/certificate');
  });

  it('saves the PDF as {code}_hallticket.pdf and resets on Download Another Document', async () => {
    const server = renderPage();
    await searchFor(server);
    server.answer(200, null, true);
    fireEvent.change(screen.getByLabelText("Mother's Name"), { target: { value: 'Meena Patil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Download' }));
    expect(await within(toastRegion()).findByText('Download Successful')).toBeTruthy();
    expect(clicked).toEqual(['KBE123456ABC_hallticket.pdf']);
    expect(screen.getByTestId('downloaded-file-name').textContent).toBe('KBE123456ABC_hallticket.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Download Another Document' }));
    await waitFor(() => expect(numberInput().value).toBe(''));
    expect((screen.getByLabelText('Hall Ticket') as HTMLInputElement).checked).toBe(true);
  });

  it('Back to Search clears the number and the type', async () => {
    const server = renderPage();
    fireEvent.click(screen.getByLabelText('Certificate'));
    await searchFor(server);
    fireEvent.click(screen.getByRole('button', { name: 'Back to Search' }));
    expect(numberInput().value).toBe('');
    expect((screen.getByLabelText('Hall Ticket') as HTMLInputElement).checked).toBe(true);
  });

  it('shows the verification of a QR link', async () => {
    const server = fakeServer();
    server.answer(200, { valid: true, candidateCode: 'KBE123456ABC', name: 'Aarav Patil', type: 'hall-ticket', edition: 2025 });
    render(<App api={createDownloadsApi(createHttpClient({ fetch: server.fetch }))} search="?verify=KBE123456ABC.H.2025.abc" />);
    expect(await screen.findByText('Valid document')).toBeTruthy();
    expect(screen.getByText('Aarav Patil')).toBeTruthy();
    expect(server.requests[0]?.url).toBe('/api/documents/verify/KBE123456ABC.H.2025.abc');
  });

  it('says so when a QR link does not verify', async () => {
    const server = fakeServer();
    server.answer(200, { valid: false, message: 'This document could not be verified. It may have been altered or withdrawn.' });
    render(<App api={createDownloadsApi(createHttpClient({ fetch: server.fetch }))} search="?verify=tampered" />);
    expect(await screen.findByText('Not verified')).toBeTruthy();
  });

  it("adds no main landmark of its own: the page's one is the shell's, around every remote", async () => {
    renderPage();
    expect(screen.getByTestId('remote-downloads')).toBeTruthy();
    expect(screen.queryByRole('main')).toBeNull();
    const server = fakeServer();
    server.answer(200, { valid: true, candidateCode: 'KBE123456ABC', name: 'Aarav Patil', type: 'hall-ticket', edition: 2025 });
    render(<App api={createDownloadsApi(createHttpClient({ fetch: server.fetch }))} search="?verify=KBE123456ABC.H.2025.abc" />);
    expect(await screen.findByText('Valid document')).toBeTruthy();
    expect(screen.queryByRole('main')).toBeNull();
  });
});

describe('downloads remote: the result and the certificates it earns', () => {
  const RESULT = {
    level: 'Mains',
    category: 'Sec',
    rollNumber: 'M-21-014-0123-6',
    score: 88.5,
    maxMarks: 100,
    absent: false,
    rank: 2,
    medal: 'silver',
    qualified: true,
    nextLevel: 'Advanced',
    publishedAt: '2027-02-10T10:00:00.000Z',
  };

  async function showResult(server: ReturnType<typeof fakeServer>, answer: { status: number; body: unknown } = { status: 200, body: { success: true, message: '', data: RESULT } }) {
    server.answer(answer.status, answer.body);
    fireEvent.change(screen.getByLabelText("Mother's Name"), { target: { value: ' Meena Patil ' } });
    fireEvent.click(screen.getByRole('button', { name: 'View Result' }));
  }

  it("shows the result through the same check as a download: level, score out of the maximum, rank, category, medal, qualified and the next step", async () => {
    const server = renderPage();
    await searchFor(server);
    await showResult(server);
    const panel = await screen.findByTestId('candidate-result');
    expect(within(panel).getByRole('heading', { name: 'Your Result' })).toBeTruthy();
    const rows = Object.fromEntries(within(panel).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(rows).toEqual({
      Level: 'Mains',
      Score: '88.5 / 100',
      Rank: '2',
      Category: 'Sec',
      Medal: 'Silver',
      Qualified: 'Yes',
      'Next step': 'Qualified for the Advanced level',
    });
    expect(server.requests[1]).toEqual({ url: '/api/candidates/KBE123456ABC/result', method: 'POST', body: { motherName: 'Meena Patil' } });
    // a hall ticket is chosen: no certificate kinds offered
    expect(screen.queryByTestId('certificate-kinds')).toBeNull();
  });

  it("opens with the result first from the exams page's link (?action=result): the form's submit shows the result", async () => {
    const server = fakeServer();
    render(
      <>
        <App api={createDownloadsApi(createHttpClient({ fetch: server.fetch }))} search="?action=result" />
        <Toaster />
      </>,
    );
    expect(screen.getByText("Enter your registration number, then your mother's name, to see your result.")).toBeTruthy();
    await searchFor(server);
    server.answer(200, { success: true, message: '', data: RESULT });
    fireEvent.change(screen.getByLabelText("Mother's Name"), { target: { value: 'Meena Patil' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Verify and download' }));
    expect(await screen.findByTestId('candidate-result')).toBeTruthy();
    expect(server.requests[1]?.url).toBe('/api/candidates/KBE123456ABC/result');
    expect(screen.getByRole('button', { name: 'Verify & Download' }).getAttribute('type')).toBe('button');
  });

  it('says when no result is published, and shows the wrong-name verdict as a download does', async () => {
    const server = renderPage();
    await searchFor(server);
    await showResult(server, { status: 404, body: { statusCode: 404, message: 'No result of KBE123456ABC is published yet' } });
    expect(await within(toastRegion()).findByText('No result has been published for you yet.')).toBeTruthy();
    expect(screen.queryByTestId('candidate-result')).toBeNull();
    await showResult(server, { status: 403, body: { statusCode: 403, message: "Mother's name does not match our records. Please check and try again." } });
    expect(await within(toastRegion()).findByText('Verification Failed')).toBeTruthy();
  });

  it('offers the certificates earned, the best chosen, and downloads the one chosen for the level shown', async () => {
    const server = renderPage();
    fireEvent.click(screen.getByLabelText('Certificate'));
    server.answer(200, { success: true, data: { ...CANDIDATE, certificateReleased: true } });
    fireEvent.change(numberInput(), { target: { value: 'KBE123456ABC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search Candidate' }));
    await screen.findByRole('button', { name: 'Verify & Download' });
    await showResult(server);
    const kinds = await screen.findByTestId('certificate-kinds');
    const offered = within(kinds).getAllByRole('radio') as HTMLInputElement[];
    expect(offered.map((radio) => [radio.value, radio.checked])).toEqual([
      ['participation', false],
      ['merit', true],
      ['qualifying', false],
    ]);
    fireEvent.click(within(kinds).getByLabelText('Qualifying E-Certificate'));
    server.answer(200, null, true);
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Download' }));
    expect(await within(toastRegion()).findByText('Download Successful')).toBeTruthy();
    expect(server.requests[2]).toEqual({
      url: '/api/candidates/KBE123456ABC/download/certificate',
      method: 'POST',
      body: { motherName: 'Meena Patil', level: 'Mains', kind: 'qualifying' },
    });
  });

  it('says a certificate was not earned when the server refuses the kind', async () => {
    const server = renderPage();
    fireEvent.click(screen.getByLabelText('Certificate'));
    await searchFor(server);
    server.answer(404, { statusCode: 404, message: 'No merit certificate: KBE123456ABC won no medal at the Mains level' });
    fireEvent.change(screen.getByLabelText("Mother's Name"), { target: { value: 'Meena Patil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Download' }));
    expect(await within(toastRegion()).findByText('This certificate was not earned at this level.')).toBeTruthy();
  });

  it.each([
    ['merit', 'CMM2', { kind: 'merit', level: 'Mains', rank: 2, year: 2027 }, 'Certificate of Merit', '2'],
    ['qualifying', 'CQM', { kind: 'qualifying', level: 'Mains', rank: null, year: 2027 }, 'Qualifying E-Certificate', null],
    ['participation', 'CPA', { kind: 'participation', level: 'Advanced', rank: null, year: 2027 }, 'Certificate of Participation', null],
  ])('shows what a %s certificate certifies on its verification page', async (_, code, award, name, rank) => {
    const server = fakeServer();
    server.answer(200, { valid: true, candidateCode: 'KBE123456ABC', name: 'Aarav Patil', type: 'certificate', edition: 2027, award });
    render(<App api={createDownloadsApi(createHttpClient({ fetch: server.fetch }))} search={`?verify=KBE123456ABC.${code}.2027.abc`} />);
    expect((await screen.findByTestId('verified-award')).textContent).toBe(name);
    const verification = screen.getByTestId('document-verification');
    const rows = Object.fromEntries(within(verification).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(rows).toMatchObject({ Certificate: name, Level: award.level, Year: '2027' });
    expect(rows['Rank']).toBe(rank ?? undefined);
  });
});
