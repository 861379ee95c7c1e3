import { Suspense } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createHttpClient } from '@kbe/api-client';
import { Toaster } from '@kbe/ui';
import App from './app';
import { createDownloadsApi } from './downloads-api';
import { firstPaintChunkGroups, pageMeta } from '../server/render-entry';
import { downloadsMessages } from '../i18n/downloads.catalogue';

/** A scripted `fetch` answering JSON (jsdom has no Response class). */
function fakeServer() {
  const requests: string[] = [];
  const answers: Array<{ status: number; body: unknown }> = [];
  const fetch = (async (input: RequestInfo | URL) => {
    requests.push(String(input));
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => JSON.stringify(answer.body),
    } as unknown as Response;
  }) as typeof globalThis.fetch;
  return { fetch, requests, answer: (status: number, body: unknown) => answers.push({ status, body }) };
}

const CANDIDATE = {
  candidateCode: 'KBE123456ABC',
  fullName: 'Aarav Patil',
  fatherName: 'Suresh Patil',
  phoneNumber: '******1234',
  maskedPhoneNumber: '******1234',
  hallTicketReleased: true,
  certificateReleased: false,
  consentStatus: 'pending',
  personalDetails: { fullName: 'Aarav Patil', fatherName: 'Suresh Patil' },
  contactDetails: { phoneNumber: '******1234' },
};

/** Rendered in an act scope that waits: the page suspends until its language's messages arrive. */
async function renderIn(locale: 'mr' | 'hi', search = '', answer?: (server: ReturnType<typeof fakeServer>) => void) {
  const server = fakeServer();
  answer?.(server);
  await act(async () => {
    render(
      <MemoryRouter basename={`/${locale}`} initialEntries={[`/${locale}/einstein-quest/downloads${search}`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Suspense fallback={<p>loading</p>}>
          <App api={createDownloadsApi(createHttpClient({ fetch: server.fetch }))} />
        </Suspense>
        <Toaster />
      </MemoryRouter>,
    );
  });
  return server;
}

const toastRegion = () => screen.getByRole('region', { name: /notifications/i });

describe('the downloads page in Marathi and Hindi', () => {
  it('shows the search step in Marathi under /mr', async () => {
    await renderIn('mr');
    expect(await screen.findByRole('heading', { level: 1, name: 'कागदपत्रे डाउनलोड करा' })).toBeTruthy();
    expect(screen.getByLabelText('नोंदणी क्रमांक')).toBeTruthy();
    expect((screen.getByLabelText('प्रवेशपत्र') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'विद्यार्थी शोधा' })).toBeTruthy();
    expect(screen.getByText('१. शोध')).toBeTruthy();
    expect(document.title).toBe('डाउनलोड - KBE Young Scientist Competition');
  });

  it('says in Marathi what went wrong, the server sentences included, and links to the Marathi consent page', async () => {
    const server = await renderIn('mr');
    const number = await screen.findByLabelText('नोंदणी क्रमांक');
    fireEvent.click(screen.getByRole('button', { name: 'विद्यार्थी शोधा' }));
    expect(await within(toastRegion()).findByText('कृपया विद्यार्थ्याचा नोंदणी क्रमांक लिहा')).toBeTruthy();

    server.answer(404, { statusCode: 404, message: 'Candidate not found' });
    fireEvent.change(number, { target: { value: 'KBE000000AAA' } });
    fireEvent.click(screen.getByRole('button', { name: 'विद्यार्थी शोधा' }));
    expect(await within(toastRegion()).findByText('विद्यार्थी सापडला नाही')).toBeTruthy();

    server.answer(200, { success: true, data: CANDIDATE });
    fireEvent.click(screen.getByRole('button', { name: 'विद्यार्थी शोधा' }));
    const pending = await screen.findByTestId('consent-pending');
    expect(within(pending).getByRole('link', { name: 'पालकांची संमती द्या' }).getAttribute('href')).toBe('/mr/einstein-quest/parental-consent/KBE123456ABC');
    expect(within(screen.getByTestId('availability-certificate')).getByText('अद्याप जाहीर नाही')).toBeTruthy();

    server.answer(429, { statusCode: 429, message: 'Too many failed attempts. Please try again in 15 minutes.' });
    fireEvent.change(screen.getByLabelText('आईचे नाव'), { target: { value: 'Meena' } });
    fireEvent.click(screen.getByRole('button', { name: 'पडताळणी करा आणि डाउनलोड करा' }));
    expect(await within(toastRegion()).findAllByText('खूप जास्त प्रयत्न अयशस्वी झाले. कृपया १५ मिनिटांनी पुन्हा प्रयत्न करा.')).toHaveLength(1);
    expect(screen.getByTestId('retry-notice').textContent).toContain('कृपया १५ मिनिटांनी पुन्हा प्रयत्न करा.');
  });

  it('shows the verification of a QR link in Hindi', async () => {
    const server = await renderIn('hi', '?verify=KBE123456ABC.H.2025.abc', (fake) =>
      fake.answer(200, { valid: true, candidateCode: 'KBE123456ABC', name: 'Aarav Patil', type: 'hall-ticket', edition: 2025 }),
    );
    expect(await screen.findByText('वैध दस्तावेज़')).toBeTruthy();
    expect(screen.getByText('प्रवेशपत्र')).toBeTruthy();
    expect(screen.getByText('2025')).toBeTruthy();
    expect(server.requests[0]).toBe('/api/documents/verify/KBE123456ABC.H.2025.abc');
  });

  it('shows the result in Marathi, digits and medal included', async () => {
    const server = await renderIn('mr', '', (fake) => fake.answer(200, { success: true, data: { ...CANDIDATE, consentStatus: 'given' } }));
    fireEvent.change(await screen.findByLabelText('नोंदणी क्रमांक'), { target: { value: 'KBE123456ABC' } });
    fireEvent.click(screen.getByRole('button', { name: 'विद्यार्थी शोधा' }));
    server.answer(200, {
      success: true,
      data: { level: 'Mains', category: 'Sec', rollNumber: null, score: 88, maxMarks: 100, absent: false, rank: 2, medal: 'silver', qualified: true, nextLevel: 'Advanced', publishedAt: '2027-02-10T10:00:00.000Z' },
    });
    fireEvent.change(await screen.findByLabelText('आईचे नाव'), { target: { value: 'Meena Patil' } });
    fireEvent.click(screen.getByRole('button', { name: 'निकाल पहा' }));
    const panel = await screen.findByTestId('candidate-result');
    expect(within(panel).getByRole('heading', { name: 'तुमचा निकाल' })).toBeTruthy();
    const rows = Object.fromEntries(within(panel).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(rows).toMatchObject({ गुण: '८८ / १००', क्रमांक: '२', पदक: 'रौप्य', पात्र: 'होय', 'पुढील टप्पा': 'Advanced स्तरासाठी पात्र' });
    expect(server.requests[1]).toBe('/api/candidates/KBE123456ABC/result');
  });

  it('gives the edge the title in the page language, and the language chunk to load first', async () => {
    expect(pageMeta('/einstein-quest/downloads', 'en').title).toBe('Downloads - KBE Young Scientist Competition');
    await downloadsMessages.load('hi');
    expect(pageMeta('/einstein-quest/downloads', 'hi')).toEqual({
      title: 'डाउनलोड - KBE Young Scientist Competition',
      description: 'अपनी पंजीकरण संख्या और अपनी माता का नाम देकर अपना प्रवेशपत्र या प्रमाणपत्र डाउनलोड करें।',
    });
    expect(firstPaintChunkGroups('/einstein-quest/downloads', 'en')).toEqual(['__federation_expose_Module']);
    expect(firstPaintChunkGroups('/einstein-quest/downloads', 'mr')).toEqual(['__federation_expose_Module', 'locale-mr-downloads']);
  });
});
