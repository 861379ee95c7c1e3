import { fireEvent, render, screen } from '@testing-library/react';
import type { CandidateSearchResult } from '@kbe/contracts';
import { DATA_RIGHTS_MESSAGES } from '@kbe/contracts/zod-free';
import { DownloadsApiContext, type DownloadsApi } from './downloads-api';
import { DownloadsPage } from './downloads-page';

/** What the public search answers for a registration the guardian withdrew: names erased. */
const WITHDRAWN: CandidateSearchResult = {
  candidateCode: 'KBE123456ABC',
  fullName: '',
  fatherName: '',
  phoneNumber: '',
  maskedPhoneNumber: '',
  hallTicketReleased: false,
  certificateReleased: false,
  consentStatus: 'withdrawn',
  personalDetails: { fullName: '', fatherName: '' },
  contactDetails: { phoneNumber: '' },
};

function renderPage(found: CandidateSearchResult) {
  const api: DownloadsApi = {
    search: jest.fn(async () => found),
    download: jest.fn(async () => new Blob(['%PDF-1.4'])),
    verify: jest.fn(async () => Promise.reject(new Error('not in this test'))),
    result: jest.fn(async () => Promise.reject(new Error('not in this test'))),
  };
  render(
    <DownloadsApiContext.Provider value={api}>
      <DownloadsPage />
    </DownloadsApiContext.Provider>,
  );
  return api;
}

describe('the downloads page of a withdrawn registration', () => {
  it('says the registration was withdrawn, instead of the details and the download', async () => {
    const api = renderPage(WITHDRAWN);
    fireEvent.change(screen.getByLabelText('Registration Number'), { target: { value: 'KBE123456ABC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search Candidate' }));
    expect((await screen.findByTestId('registration-withdrawn')).textContent).toContain(DATA_RIGHTS_MESSAGES.registrationWithdrawn);
    expect(screen.queryByTestId('candidate-details')).toBeNull();
    expect(screen.queryByLabelText("Mother's Name")).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify & Download' })).toBeNull();
    expect(screen.queryByTestId('consent-pending')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Back to Search' }));
    expect(screen.getByRole('button', { name: 'Search Candidate' })).toBeTruthy();
    expect(api.download).not.toHaveBeenCalled();
    expect(api.result).not.toHaveBeenCalled();
  });
});
