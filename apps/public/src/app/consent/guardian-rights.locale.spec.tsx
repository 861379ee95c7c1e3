import { Suspense } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { DATA_RIGHTS_MESSAGES, requestRecordedMessage, type ConsentNoticeLanguage, type DataRequestView } from '@kbe/contracts/zod-free';
import { ParentalConsentPage } from './parental-consent-page';
import { createGuardianRightsApi } from './guardian-rights.api';
import type { ConsentApi } from './parental-consent.api';

jest.setTimeout(30_000);

const CODE = 'KBE123456ABC';
const api = `/api/consent/${CODE}`;

/** registration-service behind `fetch`, `METHOD path` -> JSON reply (jsdom has no Response class). */
function fakeServer(routes: Record<string, { status: number; body: unknown }>) {
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const reply = routes[`${init.method ?? 'GET'} ${String(input)}`];
    if (!reply) throw new TypeError('Failed to fetch');
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => JSON.stringify(reply.body),
    } as unknown as Response;
  }) as typeof globalThis.fetch;
}

const accessRequest: DataRequestView = {
  id: 'DR000001',
  candidateCode: CODE,
  kind: 'access',
  details: '',
  status: 'done',
  requestedAt: '2026-11-20T06:00:00.000Z',
  dueAt: '2027-02-18T06:00:00.000Z',
  handledBy: 'self-service',
  handledAt: '2026-11-20T06:00:00.000Z',
  resolution: null,
};
const correction: DataRequestView = { ...accessRequest, id: 'DR000002', kind: 'correction', details: 'The school name is misspelt.', status: 'open', dueAt: '2027-02-25T06:00:00.000Z', handledBy: null, handledAt: null };

const routes = {
  [`GET /api/candidates/search/${CODE}`]: { status: 200, body: { success: true, data: { candidateCode: CODE, consentStatus: 'given', personalDetails: { fullName: '', fatherName: '' } } } },
  [`POST ${api}/otp`]: { status: 200, body: { success: true, data: { maskedPhoneNumber: '******5678', expiresAt: '2026-11-27T04:40:00.000Z', resendAfterSeconds: 30 } } },
  [`POST ${api}/session`]: { status: 201, body: { success: true, message: DATA_RIGHTS_MESSAGES.sessionStarted, data: { token: 'tok-1', expiresAt: '2026-11-27T04:50:00.000Z' } } },
  [`GET ${api}/requests`]: { status: 200, body: { success: true, data: [accessRequest] } },
  [`POST ${api}/requests`]: { status: 201, body: { success: true, message: requestRecordedMessage(new Date(correction.dueAt)), data: correction } },
  [`POST ${api}/withdraw`]: {
    status: 201,
    body: { success: true, message: DATA_RIGHTS_MESSAGES.withdrawn, data: { candidateCode: CODE, status: 'withdrawn', withdrawnAt: '2026-11-27T05:00:00.000Z', erasure: 'done' } },
  },
};

const consentApi: ConsentApi = {
  notice: async (lang: ConsentNoticeLanguage) => ({ version: '2026-11-27', lang, html: '<article><h2>सूचना</h2></article>' }),
  sendOtp: async () => ({ maskedPhoneNumber: '******5678', expiresAt: '2026-11-27T04:40:00.000Z', resendAfterSeconds: 30 }),
  confirm: async () => Promise.reject(new Error('not in these tests')),
};

async function renderInMarathi() {
  const user = userEvent.setup();
  await act(async () => {
    render(
      <MemoryRouter basename="/mr" initialEntries={[`/mr/einstein-quest/parental-consent/${CODE}`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Suspense fallback={<p>loading</p>}>
          <ParentalConsentPage api={consentApi} rightsApi={createGuardianRightsApi({ fetch: fakeServer(routes) })} />
        </Suspense>
      </MemoryRouter>,
    );
  });
  return user;
}

describe("the guardian's rights in Marathi", () => {
  it('opens the data, lists the requests with Marathi words and days, and records a correction in Marathi', async () => {
    const user = await renderInMarathi();
    await user.click(await screen.findByRole('button', { name: 'माहिती-विनंती कोड पाठवा' }));
    expect(await screen.findByTestId('data-code-sent')).toHaveTextContent('६ अंकी कोड SMS ने ******5678 वर पाठवला आहे.');
    await user.type(screen.getByLabelText('माहिती-विनंती कोड'), '482913');
    await user.click(screen.getByRole('button', { name: 'कोडची खात्री करा' }));
    expect(await screen.findByTestId('data-session')).toHaveTextContent('कोडची खात्री झाली. आता आपण १५ मिनिटे माहिती पाहू शकता आणि विनंत्या करू शकता.');

    const table = await screen.findByRole('table', { name: 'विद्यार्थ्याच्या माहितीबद्दलच्या विनंत्या' });
    const row = within(table).getByRole('row', { name: /DR000001/ });
    expect(row).toHaveTextContent('माहिती पाहणे (माहिती डाउनलोड केली)');
    expect(row).toHaveTextContent('२० नोव्हेंबर, २०२६');
    expect(row).toHaveTextContent('पूर्ण');

    const form = screen.getByRole('form', { name: 'दुरुस्तीची विनंती करा' });
    await user.type(within(form).getByLabelText('काय चुकीचे आहे, आणि ते काय असायला हवे'), 'short');
    await user.click(within(form).getByRole('button', { name: 'दुरुस्तीची विनंती पाठवा' }));
    expect(within(form).getByLabelText('काय चुकीचे आहे, आणि ते काय असायला हवे')).toHaveAccessibleDescription(
      'कृपया काय चुकीचे आहे आणि ते काय असायला हवे ते लिहा (१० ते २००० अक्षरे). जास्तीत जास्त २००० पैकी ५ अक्षरे (किमान १०).',
    );
    await user.type(within(form).getByLabelText('काय चुकीचे आहे, आणि ते काय असायला हवे'), ': the school name is misspelt.');
    await user.click(within(form).getByRole('button', { name: 'दुरुस्तीची विनंती पाठवा' }));
    expect(await screen.findByTestId('correction-recorded')).toHaveTextContent('आपली विनंती नोंदवली आहे. आयोजक २५ फेब्रुवारी, २०२७ पर्यंत उत्तर देतील.');
  });

  it('withdraws consent, saying in Marathi that the data is erased', async () => {
    const user = await renderInMarathi();
    await user.click(await screen.findByRole('button', { name: 'संमती मागे घेण्याचा कोड पाठवा' }));
    await screen.findByTestId('withdrawal-code-sent');
    await user.type(screen.getByLabelText('संमती मागे घेण्याचा कोड'), '482913');
    await user.click(screen.getByRole('button', { name: 'संमती मागे घेण्याची खात्री करा' }));
    const done = await screen.findByTestId('consent-withdrawn');
    expect(done).toHaveTextContent('संमती मागे घेतली आहे. विद्यार्थ्याचा फोटो, स्वाक्षरी आणि वैयक्तिक तपशील पुसून टाकले आहेत.');
    expect(done).toHaveTextContent('संमतीची स्थिती: मागे घेतलेली');
  });
});
