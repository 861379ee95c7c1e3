import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Suspense } from 'react';
import { HttpError } from '@kbe/api-client';
import { wrongOtpMessage, type ConsentConfirmation, type ConsentNoticeLanguage } from '@kbe/contracts/zod-free';
import { ParentalConsentPage } from './parental-consent-page';
import type { ConsentApi } from './parental-consent.api';
import { createGuardianRightsApi } from './guardian-rights.api';

jest.setTimeout(30_000);

const notices: Record<ConsentNoticeLanguage, string> = {
  en: '<article lang="en"><h2>Notice to the parent or guardian</h2></article>',
  mr: '<article lang="mr"><h2>पालक किंवा संरक्षकांसाठी सूचना</h2></article>',
  hi: '<article lang="hi"><h2>माता-पिता या अभिभावक के लिए सूचना</h2></article>',
};

function fakeApi(overrides: Partial<ConsentApi> = {}) {
  return {
    notice: jest.fn(async (lang: ConsentNoticeLanguage) => ({ version: '2026-11-27.2', lang, html: notices[lang] })),
    sendOtp: jest.fn(async () => ({ maskedPhoneNumber: '******5678', expiresAt: '2026-11-27T04:40:00.000Z', resendAfterSeconds: 30 })),
    confirm: jest.fn(async (candidateCode: string, c: ConsentConfirmation) => ({ candidateCode, status: 'given' as const, givenAt: '2026-11-27T04:35:00.000Z', noticeVersion: c.noticeVersion })),
    ...overrides,
  };
}

const offline = createGuardianRightsApi({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });

/** The page under /mr or /hi, in an act scope that waits for its language's messages. */
async function renderIn(locale: 'mr' | 'hi', api: ConsentApi) {
  const user = userEvent.setup();
  await act(async () => {
    render(
      <MemoryRouter basename={`/${locale}`} initialEntries={[`/${locale}/einstein-quest/parental-consent/kbe123456abc`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Suspense fallback={<p>loading</p>}>
          <ParentalConsentPage api={api} rightsApi={offline} />
        </Suspense>
      </MemoryRouter>,
    );
  });
  return user;
}

describe('the parental-consent page in Marathi and Hindi', () => {
  it('speaks Marathi under /mr, with the notice in Marathi first and English a click away', async () => {
    const api = fakeApi();
    const user = await renderIn('mr', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'पालकांची संमती' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'पालक किंवा संरक्षकांसाठी सूचना' })).toBeInTheDocument();
    expect(api.notice).toHaveBeenCalledTimes(1);
    expect(api.notice).toHaveBeenCalledWith('mr');
    expect(screen.getByRole('radio', { name: 'मराठी' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'सूचनेची भाषा' })).toBeInTheDocument();
    expect(screen.getByText(/आम्ही ६ अंकी कोड पाठवतो/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'आपल्या पाल्याची माहिती' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'संमती मागे घ्या' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Notice to the parent or guardian' })).toBeInTheDocument();
    expect(api.notice).toHaveBeenLastCalledWith('en');
  });

  it('says in Marathi what is missing, and the server’s wrong-code answer', async () => {
    const wrongCode = new HttpError(400, wrongOtpMessage(4), { statusCode: 400, message: wrongOtpMessage(4), errors: [{ field: 'otp', message: wrongOtpMessage(4) }] });
    const api = fakeApi({ confirm: jest.fn(async () => Promise.reject(wrongCode)) });
    const user = await renderIn('mr', api);
    await screen.findByRole('heading', { name: 'पालक किंवा संरक्षकांसाठी सूचना' });
    await user.type(screen.getByLabelText('SMS मधील कोड'), '12');
    await user.click(screen.getByRole('button', { name: 'संमती द्या' }));
    expect(screen.getByLabelText('SMS मधील कोड')).toHaveAccessibleDescription('कृपया SMS मधील ६ अंकी कोड लिहा.');

    await user.clear(screen.getByLabelText('SMS मधील कोड'));
    await user.type(screen.getByLabelText('SMS मधील कोड'), '000000');
    await user.click(screen.getByRole('checkbox', { name: /मी KBE123456ABC या विद्यार्थ्याचा पालक/ }));
    await user.click(screen.getByRole('button', { name: 'संमती द्या' }));
    await waitFor(() => expect(screen.getByLabelText('SMS मधील कोड')).toHaveAccessibleDescription('कोड बरोबर नाही. ४ प्रयत्न उरले आहेत.'));
  });

  it('records consent in Hindi, with the notice read in Hindi', async () => {
    const api = fakeApi();
    const user = await renderIn('hi', api);
    await screen.findByRole('heading', { name: 'माता-पिता या अभिभावक के लिए सूचना' });
    await user.click(screen.getByRole('button', { name: 'SMS से कोड भेजें' }));
    expect(await screen.findByText('6 अंकों का कोड SMS से ******5678 पर भेजा गया है।')).toBeInTheDocument();
    await user.type(screen.getByLabelText('SMS में आया कोड'), '482913');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'सहमति दें' }));
    expect(await screen.findByTestId('consent-given')).toHaveTextContent('धन्यवाद। अभिभावक की सहमति दर्ज कर ली गई है।');
    expect(api.confirm).toHaveBeenCalledWith('KBE123456ABC', { otp: '482913', noticeVersion: '2026-11-27.2', lang: 'hi', declaration: true });
  });
});
