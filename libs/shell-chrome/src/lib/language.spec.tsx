import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';

import { CHROME_MESSAGES } from './chrome.messages';
import { LanguageOffer, offeredLocale } from './language-offer';
import { SiteHeader } from './site-header';

const future = { v7_startTransition: true, v7_relativeSplatPath: true };

function renderAt(path: string, basename?: string) {
  return render(
    <MemoryRouter basename={basename} initialEntries={[path]} future={future}>
      <SiteHeader />
      <LanguageOffer />
    </MemoryRouter>,
  );
}

function browserLanguages(languages: string[]) {
  jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('the header in Marathi', () => {
  it('shows its links and buttons in Marathi, pointing at the Marathi pages', async () => {
    // as the shell does before it hydrates a Marathi page
    await CHROME_MESSAGES.load('mr');
    renderAt('/mr/einstein-quest/about', '/mr');
    const nav = await screen.findByRole('navigation', { name: 'मुख्य' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['मुख्यपृष्ठ', '/mr/einstein-quest'],
      ['आमच्याविषयी', '/mr/einstein-quest/about'],
      ['परीक्षा', '/mr/einstein-quest/exams'],
      ['डाउनलोड', '/mr/einstein-quest/downloads'],
      ['गॅलरी', '/mr/einstein-quest/gallery'],
    ]);
    expect(screen.getByRole('link', { name: 'आताच नोंदणी करा' })).toHaveAttribute('href', '/mr/einstein-quest/online-registrations');
  });
});

describe('the language switcher', () => {
  it('links the same page in each language, marks the current one and remembers a choice', async () => {
    browserLanguages(['en-IN']);
    renderAt('/einstein-quest/gallery?year=2025');
    const switcher = screen.getByRole('navigation', { name: 'Language' });
    const links = within(switcher).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['English', '/einstein-quest/gallery?year=2025', 'true'],
      ['मराठी', '/mr/einstein-quest/gallery?year=2025', null],
      ['हिन्दी', '/hi/einstein-quest/gallery?year=2025', null],
    ]);
    links[1].addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(links[1]);
    expect(localStorage.getItem('kbe.locale')).toBe('mr');
  });
});

describe('the offer of the visitor’s language', () => {
  it('offers the language the browser asks for, or the one chosen before, never the page’s own', () => {
    expect(offeredLocale('en', undefined, ['mr-IN', 'en'])).toBe('mr');
    expect(offeredLocale('en', undefined, ['en-GB'])).toBeUndefined();
    expect(offeredLocale('mr', undefined, ['mr'])).toBeUndefined();
    expect(offeredLocale('en', 'en', ['hi'])).toBeUndefined();
    expect(offeredLocale('en', 'hi', ['en'])).toBe('hi');
  });

  it('offers Marathi in Marathi on an English page, without leaving it; declining is remembered', async () => {
    browserLanguages(['mr-IN', 'en']);
    renderAt('/einstein-quest/exams');
    const offer = await screen.findByTestId('language-offer');
    expect(offer).toHaveAttribute('lang', 'mr');
    expect(within(offer).getByRole('link', { name: 'मराठीत वाचा' })).toHaveAttribute('href', '/mr/einstein-quest/exams');
    await userEvent.click(within(offer).getByRole('button', { name: 'नको, धन्यवाद' }));
    expect(screen.queryByTestId('language-offer')).not.toBeInTheDocument();
    expect(localStorage.getItem('kbe.locale')).toBe('en');
  });

  it('says nothing to a browser that asks for English', () => {
    browserLanguages(['en-US']);
    renderAt('/');
    expect(screen.queryByTestId('language-offer')).not.toBeInTheDocument();
  });
});
