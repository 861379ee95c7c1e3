import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { HttpError } from '@kbe/api-client';
import { CONSENT_MESSAGES, type ConsentConfirmation, type ConsentNoticeLanguage } from '@kbe/contracts/zod-free';
import { candidateCodeOfPath, ParentalConsentPage } from './parental-consent-page';
import type { ConsentApi } from './parental-consent.api';
import { createGuardianRightsApi } from './guardian-rights.api';

jest.setTimeout(30_000);

const notices: Record<ConsentNoticeLanguage, string> = {
  en: '<article lang="en"><h2>Notice to the parent or guardian</h2><p>How to withdraw consent</p></article>',
  mr: '<article lang="mr"><h2>पालक किंवा संरक्षकांसाठी सूचना</h2></article>',
  hi: '<article lang="hi"><h2>माता-पिता या अभिभावक के लिए सूचना</h2></article>',
};

function fakeApi(overrides: Partial<ConsentApi> = {}) {
  const api = {
    notice: jest.fn(async (lang: ConsentNoticeLanguage) => ({ version: '2026-11-27.2', lang, html: notices[lang] })),
    sendOtp: jest.fn(async () => ({ maskedPhoneNumber: '******5678', expiresAt: '2026-11-27T04:40:00.000Z', resendAfterSeconds: 30 })),
    confirm: jest.fn(async (candidateCode: string, c: ConsentConfirmation) => ({ candidateCode, status: 'given' as const, givenAt: '2026-11-27T04:35:00.000Z', noticeVersion: c.noticeVersion })),
    ...overrides,
  };
  return api;
}

/** The rights below the consent (guardian-rights.spec.tsx) ask no server here: the status stays unknown. */
const offline = createGuardianRightsApi({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });

function renderPage(api: ConsentApi, path = '/einstein-quest/parental-consent/kbe123456abc') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <ParentalConsentPage api={api} rightsApi={offline} />
    </MemoryRouter>,
  );
  return user;
}

const wrongCode = () => new HttpError(400, 'The code is not correct. 4 tries left.', { statusCode: 400, message: 'The code is not correct. 4 tries left.', errors: [{ field: 'otp', message: 'The code is not correct. 4 tries left.' }] });

describe('the parental-consent page', () => {
  it('reads the candidate code from its path', () => {
    expect(candidateCodeOfPath('/einstein-quest/parental-consent/kbe123456abc')).toBe('KBE123456ABC');
    expect(candidateCodeOfPath('/einstein-quest/parental-consent/%E0%A4')).toBe('');
  });

  it('shows the notice and switches its language', async () => {
    const api = fakeApi();
    const user = renderPage(api);
    expect(await screen.findByRole('heading', { name: 'Notice to the parent or guardian' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Parental Consent' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'मराठी' }));
    expect(await screen.findByRole('heading', { name: 'पालक किंवा संरक्षकांसाठी सूचना' })).toBeInTheDocument();
    expect(api.notice).toHaveBeenLastCalledWith('mr');
    expect(screen.getByRole('group', { name: 'Language of the notice' })).toBeInTheDocument();
  });

  it('sends the code, then records consent with the code, the notice read and the declaration', async () => {
    const api = fakeApi();
    const user = renderPage(api);
    await screen.findByRole('heading', { name: 'Notice to the parent or guardian' });
    await user.click(screen.getByRole('radio', { name: 'हिन्दी' }));
    await screen.findByRole('heading', { name: 'माता-पिता या अभिभावक के लिए सूचना' });
    await user.click(screen.getByRole('button', { name: 'Send code by SMS' }));
    expect(await screen.findByText('A 6-digit code was sent by SMS to ******5678.')).toBeInTheDocument();
    expect(api.sendOtp).toHaveBeenCalledWith('KBE123456ABC');
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code from the SMS'), '482913');
    await user.click(screen.getByRole('checkbox', { name: /I am the parent or lawful guardian of candidate KBE123456ABC/ }));
    await user.click(screen.getByRole('button', { name: 'Give consent' }));
    expect(await screen.findByTestId('consent-given')).toHaveTextContent('Thank you. Parental consent is recorded.');
    expect(api.confirm).toHaveBeenCalledWith('KBE123456ABC', { otp: '482913', noticeVersion: '2026-11-27.2', lang: 'hi', declaration: true });
  });

  it('explains what is missing at each field, announced, without asking the server', async () => {
    const api = fakeApi();
    const user = renderPage(api);
    await screen.findByRole('heading', { name: 'Notice to the parent or guardian' });
    await user.type(screen.getByLabelText('Code from the SMS'), '12');
    await user.click(screen.getByRole('button', { name: 'Give consent' }));
    const code = screen.getByLabelText('Code from the SMS');
    expect(code).toHaveAccessibleDescription(CONSENT_MESSAGES.otpFormat);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(CONSENT_MESSAGES.declaration);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([CONSENT_MESSAGES.otpFormat, CONSENT_MESSAGES.declaration]);
    expect(api.confirm).not.toHaveBeenCalled();
  });

  it("keeps what was typed and shows the server's message at the code after a wrong code", async () => {
    const api = fakeApi({ confirm: jest.fn(async () => Promise.reject(wrongCode())) });
    const user = renderPage(api);
    await screen.findByRole('heading', { name: 'Notice to the parent or guardian' });
    await user.type(screen.getByLabelText('Code from the SMS'), '000000');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Give consent' }));
    await waitFor(() => expect(screen.getByLabelText('Code from the SMS')).toHaveAccessibleDescription('The code is not correct. 4 tries left.'));
    expect(screen.getByLabelText('Code from the SMS')).toHaveValue('000000');
    expect(screen.getByRole('checkbox')).toBeChecked();
  });

  it('says when no code could be sent, and when consent was already given', async () => {
    const tooSoon = new HttpError(429, 'A code was sent a moment ago. Please wait 20 seconds before asking for another one.', null);
    const sendOtp = jest.fn(async (): Promise<never> => Promise.reject(tooSoon));
    const api = fakeApi({ sendOtp });
    const user = renderPage(api);
    await user.click(await screen.findByRole('button', { name: 'Send code by SMS' }));
    const message = await screen.findByText('A code was sent a moment ago. Please wait 20 seconds before asking for another one.');
    expect(message.closest('[role="alert"]')).toHaveTextContent('The code was not sent');

    sendOtp.mockImplementation(async () => Promise.reject(new HttpError(409, CONSENT_MESSAGES.alreadyGiven, null)));
    await act(async () => user.click(screen.getByRole('button', { name: 'Send code by SMS' })));
    expect(await screen.findByTestId('consent-given')).toHaveTextContent(CONSENT_MESSAGES.alreadyGiven);
  });
});
